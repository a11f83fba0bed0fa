ALTER TABLE "widget_conversation" ADD COLUMN "visitor_read_messages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "widget_conversation" SET "visitor_read_messages" = "total_messages";
