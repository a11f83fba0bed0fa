CREATE TABLE "widget_daily_reservation" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"day" date NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_balance" DROP CONSTRAINT "credit_balance_nonnegative";--> statement-breakpoint
ALTER TABLE "widget_daily_reservation" ADD CONSTRAINT "widget_daily_reservation_connection_id_widget_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."widget_connection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "widget_daily_reservation_connection_day_idx" ON "widget_daily_reservation" USING btree ("connection_id","day","expires_at");--> statement-breakpoint
ALTER TABLE "credit_balance" ADD CONSTRAINT "credit_balance_plan_nonnegative" CHECK ("credit_balance"."plan_millicredits" >= 0);