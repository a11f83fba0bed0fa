CREATE TABLE "demo" (
	"id" text PRIMARY KEY NOT NULL,
	"subaccount_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"build_id" text,
	"logo_url" text DEFAULT '' NOT NULL,
	"avatar_url" text DEFAULT '' NOT NULL,
	"logo_width" integer DEFAULT 100 NOT NULL,
	"settings" jsonb NOT NULL,
	"request_count" integer DEFAULT 0 NOT NULL,
	"request_limit" integer DEFAULT 100 NOT NULL,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_request_count_nonnegative" CHECK ("demo"."request_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "evaluation_conversation" (
	"id" text PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"position" integer NOT NULL,
	"group" text NOT NULL,
	"question_id" text NOT NULL,
	"question_text" text NOT NULL,
	"success_criteria" text NOT NULL,
	"when_to_ask" integer NOT NULL,
	"variation" integer NOT NULL,
	"asked_text" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"transcript" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"judged_turn_index" integer,
	"judge_verdict" text,
	"judge_reasoning" text,
	"score" double precision,
	"override_verdict" text,
	"override_note" text,
	"override_user_id" text,
	"override_at" timestamp with time zone,
	"offline" boolean DEFAULT false NOT NULL,
	"error" text,
	"usage" jsonb,
	"rewording_usage" jsonb,
	"cost_usd" double precision DEFAULT 0 NOT NULL,
	"millicredits" integer DEFAULT 0 NOT NULL,
	"thread_id" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation_run" (
	"id" text PRIMARY KEY NOT NULL,
	"subaccount_id" text NOT NULL,
	"evaluation_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"agent_id" text,
	"agent_name" text,
	"model" text NOT NULL,
	"testing_model" text NOT NULL,
	"payload" jsonb NOT NULL,
	"purpose" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"concurrency" integer NOT NULL,
	"rate_limit_backoffs" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation_template" (
	"id" text PRIMARY KEY NOT NULL,
	"subaccount_id" text NOT NULL,
	"name" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_generation" (
	"id" text PRIMARY KEY NOT NULL,
	"subaccount_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"request" jsonb NOT NULL,
	"results" jsonb,
	"error" text,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widget_connection" (
	"id" text PRIMARY KEY NOT NULL,
	"widget_id" text NOT NULL,
	"subaccount_id" text NOT NULL,
	"build_id" text,
	"template" text NOT NULL,
	"settings" jsonb NOT NULL,
	"deployed_build_id" text,
	"deployed_settings" jsonb,
	"deployed_at" timestamp with time zone,
	"last_customer_number" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widget_conversation" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"visitor_id" text NOT NULL,
	"thread_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"last_message" text NOT NULL,
	"last_message_time" timestamp with time zone DEFAULT now() NOT NULL,
	"total_messages" integer DEFAULT 0 NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'live' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widget_daily_count" (
	"connection_id" text NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "widget_daily_count_connection_id_day_pk" PRIMARY KEY("connection_id","day")
);
--> statement-breakpoint
CREATE TABLE "widget_message" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"position" bigserial NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widget_visitor" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"contact_identifier" text NOT NULL,
	"customer_number" integer NOT NULL,
	"external_id" text,
	"name" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demo" ADD CONSTRAINT "demo_subaccount_id_organization_id_fk" FOREIGN KEY ("subaccount_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo" ADD CONSTRAINT "demo_build_id_agent_id_fk" FOREIGN KEY ("build_id") REFERENCES "public"."agent"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo" ADD CONSTRAINT "demo_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_conversation" ADD CONSTRAINT "evaluation_conversation_run_id_evaluation_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."evaluation_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_conversation" ADD CONSTRAINT "evaluation_conversation_override_user_id_user_id_fk" FOREIGN KEY ("override_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_run" ADD CONSTRAINT "evaluation_run_subaccount_id_organization_id_fk" FOREIGN KEY ("subaccount_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_run" ADD CONSTRAINT "evaluation_run_agent_id_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agent"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_run" ADD CONSTRAINT "evaluation_run_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_template" ADD CONSTRAINT "evaluation_template_subaccount_id_organization_id_fk" FOREIGN KEY ("subaccount_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_template" ADD CONSTRAINT "evaluation_template_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_generation" ADD CONSTRAINT "question_generation_subaccount_id_organization_id_fk" FOREIGN KEY ("subaccount_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_generation" ADD CONSTRAINT "question_generation_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_connection" ADD CONSTRAINT "widget_connection_subaccount_id_organization_id_fk" FOREIGN KEY ("subaccount_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_connection" ADD CONSTRAINT "widget_connection_build_id_agent_id_fk" FOREIGN KEY ("build_id") REFERENCES "public"."agent"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_connection" ADD CONSTRAINT "widget_connection_deployed_build_id_agent_id_fk" FOREIGN KEY ("deployed_build_id") REFERENCES "public"."agent"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_conversation" ADD CONSTRAINT "widget_conversation_connection_id_widget_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."widget_connection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_conversation" ADD CONSTRAINT "widget_conversation_visitor_id_widget_visitor_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."widget_visitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_daily_count" ADD CONSTRAINT "widget_daily_count_connection_id_widget_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."widget_connection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_message" ADD CONSTRAINT "widget_message_conversation_id_widget_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."widget_conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_visitor" ADD CONSTRAINT "widget_visitor_connection_id_widget_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."widget_connection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_subaccount_created_idx" ON "demo" USING btree ("subaccount_id","created_at");--> statement-breakpoint
CREATE INDEX "demo_build_idx" ON "demo" USING btree ("build_id");--> statement-breakpoint
CREATE INDEX "evaluation_conversation_run_idx" ON "evaluation_conversation" USING btree ("run_id","position");--> statement-breakpoint
CREATE INDEX "evaluation_conversation_run_status_idx" ON "evaluation_conversation" USING btree ("run_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_run_subaccount_evaluation_idx" ON "evaluation_run" USING btree ("subaccount_id","evaluation_id");--> statement-breakpoint
CREATE INDEX "evaluation_run_subaccount_created_idx" ON "evaluation_run" USING btree ("subaccount_id","created_at");--> statement-breakpoint
CREATE INDEX "evaluation_run_status_idx" ON "evaluation_run" USING btree ("status");--> statement-breakpoint
CREATE INDEX "evaluation_template_subaccount_idx" ON "evaluation_template" USING btree ("subaccount_id","created_at");--> statement-breakpoint
CREATE INDEX "question_generation_subaccount_idx" ON "question_generation" USING btree ("subaccount_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "widget_connection_widget_id_idx" ON "widget_connection" USING btree ("widget_id");--> statement-breakpoint
CREATE INDEX "widget_connection_subaccount_idx" ON "widget_connection" USING btree ("subaccount_id","created_at");--> statement-breakpoint
CREATE INDEX "widget_conversation_connection_time_idx" ON "widget_conversation" USING btree ("connection_id","last_message_time");--> statement-breakpoint
CREATE INDEX "widget_conversation_visitor_time_idx" ON "widget_conversation" USING btree ("visitor_id","last_message_time");--> statement-breakpoint
CREATE INDEX "widget_message_conversation_position_idx" ON "widget_message" USING btree ("conversation_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "widget_visitor_contact_idx" ON "widget_visitor" USING btree ("connection_id","contact_identifier");