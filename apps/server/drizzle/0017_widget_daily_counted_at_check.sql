-- Every reservation row is now counted in its day's count (a message counts from its check): the
-- stored ones are final and go, the ones still in flight stay, each counted once.
UPDATE "widget_daily_count" SET "count" = "count" + "reserved";--> statement-breakpoint
DELETE FROM "widget_daily_reservation" WHERE "stored_at" IS NOT NULL;--> statement-breakpoint
DROP INDEX "widget_daily_reservation_connection_day_idx";--> statement-breakpoint
CREATE INDEX "widget_daily_reservation_expiry_idx" ON "widget_daily_reservation" USING btree ("connection_id","expires_at");--> statement-breakpoint
ALTER TABLE "widget_daily_count" DROP COLUMN "reserved";--> statement-breakpoint
ALTER TABLE "widget_daily_reservation" DROP COLUMN "stored_at";
