CREATE TABLE "optimize_proposing" (
	"run_id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "optimize_proposing" ADD CONSTRAINT "optimize_proposing_run_id_evaluation_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."evaluation_run"("id") ON DELETE cascade ON UPDATE no action;