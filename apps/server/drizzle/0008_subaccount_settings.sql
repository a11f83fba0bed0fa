ALTER TABLE "subaccount_settings" ADD COLUMN "white_label" jsonb;--> statement-breakpoint
ALTER TABLE "provider_key" ADD COLUMN "default_model" text;