CREATE TABLE "mentor_message" (
	"id" text PRIMARY KEY NOT NULL,
	"thread_id" text NOT NULL,
	"position" bigserial NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_offline" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mentor_thread" (
	"id" text PRIMARY KEY NOT NULL,
	"subaccount_id" text NOT NULL,
	"user_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "optimize_proposal" (
	"id" text PRIMARY KEY NOT NULL,
	"subaccount_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"run_id" text NOT NULL,
	"cause" text NOT NULL,
	"rationale" text NOT NULL,
	"current_instructions" text NOT NULL,
	"proposed_instructions" text NOT NULL,
	"failures" jsonb NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"is_offline" boolean DEFAULT false NOT NULL,
	"candidate_version_id" text,
	"trial_run_id" text,
	"trial_failed_question_ids" jsonb,
	"trial" jsonb,
	"cost_usd" double precision DEFAULT 0 NOT NULL,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mentor_message" ADD CONSTRAINT "mentor_message_thread_id_mentor_thread_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."mentor_thread"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_thread" ADD CONSTRAINT "mentor_thread_subaccount_id_organization_id_fk" FOREIGN KEY ("subaccount_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_thread" ADD CONSTRAINT "mentor_thread_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_thread" ADD CONSTRAINT "mentor_thread_agent_id_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agent"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optimize_proposal" ADD CONSTRAINT "optimize_proposal_subaccount_id_organization_id_fk" FOREIGN KEY ("subaccount_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optimize_proposal" ADD CONSTRAINT "optimize_proposal_agent_id_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agent"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optimize_proposal" ADD CONSTRAINT "optimize_proposal_run_id_evaluation_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."evaluation_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optimize_proposal" ADD CONSTRAINT "optimize_proposal_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mentor_message_thread_position_idx" ON "mentor_message" USING btree ("thread_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "mentor_thread_owner_agent_idx" ON "mentor_thread" USING btree ("subaccount_id","user_id","agent_id");--> statement-breakpoint
CREATE INDEX "optimize_proposal_run_idx" ON "optimize_proposal" USING btree ("run_id","created_at");