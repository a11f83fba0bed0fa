DROP INDEX "widget_connection_subaccount_idx";--> statement-breakpoint
ALTER TABLE "widget_connection" ADD COLUMN "type" text DEFAULT 'website-widget' NOT NULL;--> statement-breakpoint
CREATE INDEX "widget_connection_subaccount_idx" ON "widget_connection" USING btree ("subaccount_id","type","created_at");