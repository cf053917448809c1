-- The announcement a notification tells of, so withdrawing it removes its notifications from every bell
-- (docs/product.md, "Announcements"). Notifications sent before this migration have none and stay as they are.
ALTER TABLE "notifications" ADD COLUMN "announcement_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_announcement_fk" FOREIGN KEY ("school_id","announcement_id") REFERENCES "public"."announcements"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_announcement_idx" ON "notifications" USING btree ("school_id","announcement_id") WHERE "notifications"."announcement_id" is not null;