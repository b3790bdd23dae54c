-- Sending a message (issue #12, ADR 0086) updates the chat row's last_message_at and
-- last_message_seq. Two indexes held last_message_at, so every update wrote a new entry into each
-- of the chat's five indexes. Without them the update is HOT (heap-only). The chat lists they
-- served read all of an organisation's or candidate's chats anyway (each with its unread count)
-- and sort them after; the organisation's are found by chats_organization_applicant_unique, the
-- candidate's by the new chats_applicant_idx. (chat_id, created_at) on messages served no query
-- since chat pages go by seq (migration 0009).
CREATE INDEX "chats_applicant_idx" ON "chats" USING btree ("applicant_id");--> statement-breakpoint
DROP INDEX "chats_organization_last_message_idx";--> statement-breakpoint
DROP INDEX "chats_applicant_last_message_idx";--> statement-breakpoint
DROP INDEX "messages_chat_created_at_idx";
