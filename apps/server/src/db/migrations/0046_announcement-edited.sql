-- When an announcement's title, message or files last changed after publishing (docs/product.md, "Announcements").
-- Announcements edited before this column keep null: nothing recorded which of their changes were edits.
ALTER TABLE "announcements" ADD COLUMN "edited_at" timestamp with time zone;
