CREATE TABLE "channel_message_early_status" (
	"connection_id" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"status" text NOT NULL,
	"error_code" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_message_early_status_connection_id_provider_message_id_pk" PRIMARY KEY("connection_id","provider_message_id")
);
--> statement-breakpoint
ALTER TABLE "channel_message_early_status" ADD CONSTRAINT "channel_message_early_status_connection_id_channel_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."channel_connection"("id") ON DELETE cascade ON UPDATE no action;