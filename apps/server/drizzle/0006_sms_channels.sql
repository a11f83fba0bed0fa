CREATE TABLE "dev_phone_message" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"channel" text NOT NULL,
	"direction" text NOT NULL,
	"phone_number" text NOT NULL,
	"body" text NOT NULL,
	"content_sid" text,
	"content_variables" jsonb,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dev_phone_message" ADD CONSTRAINT "dev_phone_message_connection_id_channel_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."channel_connection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dev_phone_message_connection_number_idx" ON "dev_phone_message" USING btree ("connection_id","phone_number","created_at");--> statement-breakpoint
CREATE INDEX "dev_phone_message_number_idx" ON "dev_phone_message" USING btree ("phone_number","created_at");