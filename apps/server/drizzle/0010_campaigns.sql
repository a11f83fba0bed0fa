CREATE TABLE "campaign" (
	"id" text PRIMARY KEY NOT NULL,
	"subaccount_id" text NOT NULL,
	"connection_id" text NOT NULL,
	"channel" text NOT NULL,
	"name" text NOT NULL,
	"agent_id" text,
	"message_template" text DEFAULT '' NOT NULL,
	"content_sid" text,
	"content_variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"scheduled_local" text,
	"start_at" timestamp with time zone,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"quiet_hours_start" text,
	"quiet_hours_end" text,
	"send_rate" integer DEFAULT 10 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"variables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"import_report" jsonb,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_recipient" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"position" bigserial NOT NULL,
	"address" text NOT NULL,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"provider_message_id" text,
	"body" text,
	"error" text,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "campaign" ADD CONSTRAINT "campaign_subaccount_id_organization_id_fk" FOREIGN KEY ("subaccount_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign" ADD CONSTRAINT "campaign_connection_id_channel_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."channel_connection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipient" ADD CONSTRAINT "campaign_recipient_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipient" ADD CONSTRAINT "campaign_recipient_contact_id_channel_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."channel_contact"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_subaccount_channel_idx" ON "campaign" USING btree ("subaccount_id","channel","created_at");--> statement-breakpoint
CREATE INDEX "campaign_status_idx" ON "campaign" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipient_contact_idx" ON "campaign_recipient" USING btree ("campaign_id","contact_id");--> statement-breakpoint
CREATE INDEX "campaign_recipient_state_idx" ON "campaign_recipient" USING btree ("campaign_id","state","position");