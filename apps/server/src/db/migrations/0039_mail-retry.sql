-- The mail outbox retries with a growing back-off over about six hours (db/mail.ts; README.md, "Mail"):
-- next_attempt_at says when a mail is due again. kind says what a mail is for, so the log can name a mail it gives
-- up on without its recipient or text; mail queued before this migration has none.
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "kind" text;