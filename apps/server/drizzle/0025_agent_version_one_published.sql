-- Two publishes at once could leave an agent with two published versions: keep the one the agent
-- points at (else its newest) and archive the others, so that the index below can be built.
UPDATE "agent_version" SET "status" = 'archived'
WHERE "status" = 'published' AND "id" <> coalesce(
  (SELECT "agent"."published_version_id" FROM "agent"
    JOIN "agent_version" AS "pointed" ON "pointed"."id" = "agent"."published_version_id" AND "pointed"."status" = 'published'
    WHERE "agent"."id" = "agent_version"."agent_id"),
  (SELECT "newest"."id" FROM "agent_version" AS "newest"
    WHERE "newest"."agent_id" = "agent_version"."agent_id" AND "newest"."status" = 'published'
    ORDER BY "newest"."number" DESC LIMIT 1)
);--> statement-breakpoint
CREATE UNIQUE INDEX "agent_version_published_idx" ON "agent_version" USING btree ("agent_id") WHERE "agent_version"."status" = 'published';
