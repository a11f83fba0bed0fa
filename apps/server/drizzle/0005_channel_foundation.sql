CREATE TABLE "channel_connection" (
	"id" text PRIMARY KEY NOT NULL,
	"subaccount_id" text NOT NULL,
	"service_type" text NOT NULL,
	"name" text NOT NULL,
	"agent_id" text,
	"status" text DEFAULT 'pending_connection' NOT NULL,
	"credentials" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_contact" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"display_name" text,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"opted_out_at" timestamp with time zone,
	"last_inbound_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_conversation" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"channel" text NOT NULL,
	"thread_id" text NOT NULL,
	"agent_id" text,
	"last_message" text DEFAULT '' NOT NULL,
	"last_message_time" timestamp with time zone DEFAULT now() NOT NULL,
	"total_messages" integer DEFAULT 0 NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'live' NOT NULL,
	"paused_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_message" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"position" bigserial NOT NULL,
	"direction" text NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"provider_message_id" text,
	"status" text NOT NULL,
	"error_code" text,
	"campaign_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_connection" ADD CONSTRAINT "channel_connection_subaccount_id_organization_id_fk" FOREIGN KEY ("subaccount_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_connection" ADD CONSTRAINT "channel_connection_agent_id_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agent"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_contact" ADD CONSTRAINT "channel_contact_connection_id_channel_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."channel_connection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_conversation" ADD CONSTRAINT "channel_conversation_connection_id_channel_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."channel_connection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_conversation" ADD CONSTRAINT "channel_conversation_contact_id_channel_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."channel_contact"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_message" ADD CONSTRAINT "channel_message_conversation_id_channel_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."channel_conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_connection_subaccount_idx" ON "channel_connection" USING btree ("subaccount_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_contact_address_idx" ON "channel_contact" USING btree ("connection_id","channel","address");--> statement-breakpoint
CREATE INDEX "channel_conversation_connection_time_idx" ON "channel_conversation" USING btree ("connection_id","last_message_time");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_conversation_contact_idx" ON "channel_conversation" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "channel_message_conversation_position_idx" ON "channel_message" USING btree ("conversation_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_message_provider_id_idx" ON "channel_message" USING btree ("provider_message_id") WHERE "channel_message"."provider_message_id" is not null;