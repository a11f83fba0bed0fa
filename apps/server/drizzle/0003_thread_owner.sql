ALTER TABLE "llm_thread" ADD COLUMN "owner" text;--> statement-breakpoint
UPDATE "llm_thread" SET "owner" = 'widget:' || "widget_conversation"."connection_id" || ':' || "widget_visitor"."contact_identifier"
  FROM "widget_conversation" JOIN "widget_visitor" ON "widget_visitor"."id" = "widget_conversation"."visitor_id"
  WHERE "widget_conversation"."thread_id" = "llm_thread"."id" AND "llm_thread"."source" = 'widget';--> statement-breakpoint
UPDATE "llm_thread" SET "owner" = 'agent:' || "agent_id" WHERE "source" = 'webhook';--> statement-breakpoint
UPDATE "llm_thread" SET "owner" = 'subaccount:' || "subaccount_id" WHERE "source" IN ('api', 'evaluation');
