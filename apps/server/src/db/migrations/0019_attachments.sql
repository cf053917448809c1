CREATE TABLE "attachments" (
	"school_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"announcement_id" uuid,
	"message_id" uuid,
	CONSTRAINT "attachments_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "attachments_one_parent" CHECK ("attachments"."announcement_id" is null or "attachments"."message_id" is null)
);
--> statement-breakpoint
ALTER TABLE "company_files" DROP CONSTRAINT "company_files_kind_check";--> statement-breakpoint
ALTER TABLE "stored_files" DROP CONSTRAINT "stored_files_kind_check";--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_file_fk" FOREIGN KEY ("school_id","id") REFERENCES "public"."stored_files"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_announcement_fk" FOREIGN KEY ("school_id","announcement_id") REFERENCES "public"."announcements"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_message_fk" FOREIGN KEY ("school_id","message_id") REFERENCES "public"."messages"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_announcement_idx" ON "attachments" USING btree ("school_id","announcement_id") WHERE "attachments"."announcement_id" is not null;--> statement-breakpoint
CREATE INDEX "attachments_message_idx" ON "attachments" USING btree ("school_id","message_id") WHERE "attachments"."message_id" is not null;--> statement-breakpoint
ALTER TABLE "company_files" ADD CONSTRAINT "company_files_kind_check" CHECK ("company_files"."kind" in ('profile_picture', 'attachment'));--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_kind_check" CHECK ("stored_files"."kind" in ('profile_picture', 'attachment'));