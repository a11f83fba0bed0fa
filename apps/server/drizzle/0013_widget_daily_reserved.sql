ALTER TABLE "widget_daily_count" ADD COLUMN "reserved" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "widget_daily_count" ADD COLUMN "is_last_reservation_taken" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "widget_daily_count" c SET "reserved" = (SELECT count(*)::int FROM "widget_daily_reservation" r WHERE r."connection_id" = c."connection_id" AND r."day" = c."day");
