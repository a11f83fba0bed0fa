-- SMS and WhatsApp conversations follow their connection's agent; only a campaign's conversations
-- keep the agent the campaign named. Conversations started by a contact recorded the connection's
-- agent of the time: they now follow the connection (their thread goes on only with its own agent).
UPDATE "channel_conversation" SET "agent_id" = NULL
WHERE "agent_id" IS NOT NULL
  AND "channel" IN ('sms', 'whatsapp')
  AND NOT EXISTS (
    SELECT 1 FROM "channel_message" m
    WHERE m."conversation_id" = "channel_conversation"."id" AND m."role" = 'campaign'
  );
