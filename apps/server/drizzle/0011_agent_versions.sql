CREATE TABLE "agent_version" (
	"id" text PRIMARY KEY NOT NULL,
	"agent_id" text NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"source" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"instructions" text NOT NULL,
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
	"author_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"published_by_user_id" text,
	"gate_override_note" text
);
--> statement-breakpoint
ALTER TABLE "agent" ADD COLUMN "published_version_id" text;--> statement-breakpoint
ALTER TABLE "agent" ADD COLUMN "gate_run_id" text;--> statement-breakpoint
ALTER TABLE "agent" ADD COLUMN "gate_threshold" double precision;--> statement-breakpoint
ALTER TABLE "evaluation_run" ADD COLUMN "agent_version_id" text;--> statement-breakpoint
ALTER TABLE "agent_version" ADD CONSTRAINT "agent_version_agent_id_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agent"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_version" ADD CONSTRAINT "agent_version_provider_key_id_provider_key_id_fk" FOREIGN KEY ("provider_key_id") REFERENCES "public"."provider_key"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_version" ADD CONSTRAINT "agent_version_author_user_id_user_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_version" ADD CONSTRAINT "agent_version_published_by_user_id_user_id_fk" FOREIGN KEY ("published_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_version_agent_number_idx" ON "agent_version" USING btree ("agent_id","number");--> statement-breakpoint
ALTER TABLE "evaluation_run" ADD CONSTRAINT "evaluation_run_agent_version_id_agent_version_id_fk" FOREIGN KEY ("agent_version_id") REFERENCES "public"."agent_version"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every existing agent's current behaviour becomes its version 1, published: visitors keep getting what they got.
INSERT INTO "agent_version" ("id", "agent_id", "number", "status", "source", "note", "instructions", "first_message", "suggested_responses", "provider", "model", "provider_key_id", "temperature", "max_tokens", "top_p", "frequency_penalty", "presence_penalty", "stop_sequences", "tools", "author_user_id", "created_at", "published_at", "published_by_user_id")
SELECT gen_random_uuid()::text, "id", 1, 'published', 'create', '', "instructions", "first_message", "suggested_responses", "provider", "model", "provider_key_id", "temperature", "max_tokens", "top_p", "frequency_penalty", "presence_penalty", "stop_sequences", "tools", "created_by_user_id", "updated_at", "updated_at", "created_by_user_id" FROM "agent";--> statement-breakpoint
UPDATE "agent" SET "published_version_id" = "agent_version"."id" FROM "agent_version" WHERE "agent_version"."agent_id" = "agent"."id" AND "agent_version"."number" = 1;
