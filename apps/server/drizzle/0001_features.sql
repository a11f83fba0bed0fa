CREATE TABLE "credit_balance" (
	"user_id" text PRIMARY KEY NOT NULL,
	"plan_millicredits" bigint DEFAULT 0 NOT NULL,
	"bonus_millicredits" bigint DEFAULT 0 NOT NULL,
	"last_plan_debit_millicredits" bigint DEFAULT 0 NOT NULL,
	"plan_limit_millicredits" bigint DEFAULT 0 NOT NULL,
	"period_key" text DEFAULT '' NOT NULL,
	"period_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_balance_nonnegative" CHECK ("credit_balance"."plan_millicredits" >= 0 and "credit_balance"."bonus_millicredits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_hold" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"plan_millicredits" bigint NOT NULL,
	"bonus_millicredits" bigint NOT NULL,
	"period_key" text NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"plan_delta" bigint DEFAULT 0 NOT NULL,
	"bonus_delta" bigint DEFAULT 0 NOT NULL,
	"idempotency_key" text NOT NULL,
	"reference" text,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "llm_message" (
	"id" text PRIMARY KEY NOT NULL,
	"thread_id" text NOT NULL,
	"position" bigserial NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"input_tokens" integer,
	"output_tokens" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "llm_thread" (
	"id" text PRIMARY KEY NOT NULL,
	"subaccount_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "llm_usage" (
	"id" text PRIMARY KEY NOT NULL,
	"subaccount_id" text NOT NULL,
	"agent_id" text,
	"thread_id" text,
	"source" text NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"key_source" text NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"cost_usd" double precision DEFAULT 0 NOT NULL,
	"millicredits" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_key" (
	"id" text PRIMARY KEY NOT NULL,
	"subaccount_id" text NOT NULL,
	"provider" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"encrypted_key" text NOT NULL,
	"last_four" text NOT NULL,
	"base_url" text,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent" (
	"id" text PRIMARY KEY NOT NULL,
	"subaccount_id" text NOT NULL,
	"status" text DEFAULT 'ready' NOT NULL,
	"ai_name" text NOT NULL,
	"type" text DEFAULT 'assistant' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"first_message" text NOT NULL,
	"suggested_responses" jsonb NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"provider_key_id" text,
	"temperature" double precision NOT NULL,
	"max_tokens" integer NOT NULL,
	"top_p" double precision NOT NULL,
	"frequency_penalty" double precision NOT NULL,
	"presence_penalty" double precision NOT NULL,
	"stop_sequences" jsonb NOT NULL,
	"tools" jsonb NOT NULL,
	"category" text NOT NULL,
	"webhook_secret" text NOT NULL,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_job" (
	"id" text PRIMARY KEY NOT NULL,
	"subaccount_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"idea" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_key" (
	"id" text PRIMARY KEY NOT NULL,
	"subaccount_id" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by_user_id" text,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_key_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
CREATE TABLE "billing_customer" (
	"user_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_customer_customer_id_unique" UNIQUE("customer_id")
);
--> statement-breakpoint
CREATE TABLE "billing_event" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"object_id" text,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_price" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"mode" text NOT NULL,
	"plan_family" text,
	"tier_code" text,
	"interval" text,
	"amount_cents" integer,
	"currency" text DEFAULT 'usd' NOT NULL,
	"credit_limit" integer DEFAULT 0 NOT NULL,
	"bonus_credits" integer DEFAULT 0 NOT NULL,
	"display_name" text NOT NULL,
	"display_description" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"capabilities" jsonb,
	"provider_price_id" text,
	"provider_price_id_live" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_subscription" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"status" text NOT NULL,
	"price_id" text,
	"item_id" text,
	"interval" text,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"ended_at" timestamp with time zone,
	"schedule_id" text,
	"scheduled_price_id" text,
	"scheduled_change_date" timestamp with time zone,
	"has_pending_update" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_upgrade" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"from_price_id" text NOT NULL,
	"to_price_id" text NOT NULL,
	"proration_date" timestamp with time zone NOT NULL,
	"checkout_session_id" text,
	"status" text DEFAULT 'previewed' NOT NULL,
	"failure_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_upgrade_checkout_session_id_unique" UNIQUE("checkout_session_id")
);
--> statement-breakpoint
CREATE TABLE "promo_code" (
	"code" text PRIMARY KEY NOT NULL,
	"bonus_credits" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"max_redemptions" integer,
	"redemptions_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_redemption" (
	"code" text NOT NULL,
	"user_id" text NOT NULL,
	"bonus_credits" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_redemption_code_user_id_pk" PRIMARY KEY("code","user_id")
);
--> statement-breakpoint
CREATE TABLE "local_billing_clock" (
	"id" text PRIMARY KEY NOT NULL,
	"offset_ms" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_billing_object" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"customer_id" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_daily_count" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "marketplace_daily_count_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "marketplace_profile" (
	"user_id" text PRIMARY KEY NOT NULL,
	"business_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_project" (
	"id" text PRIMARY KEY NOT NULL,
	"author_user_id" text NOT NULL,
	"marketplace_type" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"timeframe" text NOT NULL,
	"category" text NOT NULL,
	"image" text NOT NULL,
	"icon" text NOT NULL,
	"price" text NOT NULL,
	"price_value" double precision NOT NULL,
	"price_type" text NOT NULL,
	"author_name" text NOT NULL,
	"company_name" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'live' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', description), 'B')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_reply" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"author_user_id" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_file" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_balance" ADD CONSTRAINT "credit_balance_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_hold" ADD CONSTRAINT "credit_hold_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llm_message" ADD CONSTRAINT "llm_message_thread_id_llm_thread_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."llm_thread"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llm_thread" ADD CONSTRAINT "llm_thread_subaccount_id_organization_id_fk" FOREIGN KEY ("subaccount_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llm_usage" ADD CONSTRAINT "llm_usage_subaccount_id_organization_id_fk" FOREIGN KEY ("subaccount_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_key" ADD CONSTRAINT "provider_key_subaccount_id_organization_id_fk" FOREIGN KEY ("subaccount_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_key" ADD CONSTRAINT "provider_key_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent" ADD CONSTRAINT "agent_subaccount_id_organization_id_fk" FOREIGN KEY ("subaccount_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent" ADD CONSTRAINT "agent_provider_key_id_provider_key_id_fk" FOREIGN KEY ("provider_key_id") REFERENCES "public"."provider_key"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent" ADD CONSTRAINT "agent_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_job" ADD CONSTRAINT "agent_job_subaccount_id_organization_id_fk" FOREIGN KEY ("subaccount_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_job" ADD CONSTRAINT "agent_job_agent_id_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agent"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_subaccount_id_organization_id_fk" FOREIGN KEY ("subaccount_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_customer" ADD CONSTRAINT "billing_customer_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscription" ADD CONSTRAINT "billing_subscription_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_upgrade" ADD CONSTRAINT "billing_upgrade_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemption" ADD CONSTRAINT "promo_redemption_code_promo_code_code_fk" FOREIGN KEY ("code") REFERENCES "public"."promo_code"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemption" ADD CONSTRAINT "promo_redemption_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_daily_count" ADD CONSTRAINT "marketplace_daily_count_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_profile" ADD CONSTRAINT "marketplace_profile_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_project" ADD CONSTRAINT "marketplace_project_author_user_id_user_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_reply" ADD CONSTRAINT "marketplace_reply_project_id_marketplace_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."marketplace_project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_reply" ADD CONSTRAINT "marketplace_reply_author_user_id_user_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_hold_status_created_idx" ON "credit_hold" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "credit_ledger_user_created_idx" ON "credit_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "llm_message_thread_position_idx" ON "llm_message" USING btree ("thread_id","position");--> statement-breakpoint
CREATE INDEX "llm_thread_subaccount_agent_idx" ON "llm_thread" USING btree ("subaccount_id","agent_id");--> statement-breakpoint
CREATE INDEX "llm_usage_subaccount_created_idx" ON "llm_usage" USING btree ("subaccount_id","created_at");--> statement-breakpoint
CREATE INDEX "provider_key_subaccount_provider_idx" ON "provider_key" USING btree ("subaccount_id","provider");--> statement-breakpoint
CREATE INDEX "agent_subaccount_created_idx" ON "agent" USING btree ("subaccount_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_job_agent_idx" ON "agent_job" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "api_key_subaccount_idx" ON "api_key" USING btree ("subaccount_id");--> statement-breakpoint
CREATE INDEX "billing_price_provider_price_idx" ON "billing_price" USING btree ("provider_price_id");--> statement-breakpoint
CREATE INDEX "billing_subscription_user_idx" ON "billing_subscription" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "billing_upgrade_user_idx" ON "billing_upgrade" USING btree ("user_id","to_price_id");--> statement-breakpoint
CREATE INDEX "local_billing_object_kind_customer_idx" ON "local_billing_object" USING btree ("kind","customer_id");--> statement-breakpoint
CREATE INDEX "marketplace_project_live_newest_idx" ON "marketplace_project" USING btree ("created_at","id") WHERE status = 'live';--> statement-breakpoint
CREATE INDEX "marketplace_project_live_budget_idx" ON "marketplace_project" USING btree ("price_value","id") WHERE status = 'live';--> statement-breakpoint
CREATE INDEX "marketplace_project_live_category_newest_idx" ON "marketplace_project" USING btree ("category","created_at","id") WHERE status = 'live';--> statement-breakpoint
CREATE INDEX "marketplace_project_live_category_budget_idx" ON "marketplace_project" USING btree ("category","price_value","id") WHERE status = 'live';--> statement-breakpoint
CREATE INDEX "marketplace_project_live_type_newest_idx" ON "marketplace_project" USING btree ("marketplace_type","created_at","id") WHERE status = 'live';--> statement-breakpoint
CREATE INDEX "marketplace_project_live_filters_idx" ON "marketplace_project" USING btree ("category","marketplace_type","timeframe","price_value") WHERE status = 'live';--> statement-breakpoint
CREATE INDEX "marketplace_project_search_idx" ON "marketplace_project" USING gin ("search");--> statement-breakpoint
CREATE INDEX "marketplace_project_author_idx" ON "marketplace_project" USING btree ("author_user_id","created_at");--> statement-breakpoint
CREATE INDEX "marketplace_reply_project_idx" ON "marketplace_reply" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "marketplace_reply_author_idx" ON "marketplace_reply" USING btree ("author_user_id");--> statement-breakpoint
CREATE INDEX "stored_file_owner_idx" ON "stored_file" USING btree ("owner_user_id","created_at");