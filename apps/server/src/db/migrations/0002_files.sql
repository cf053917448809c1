CREATE TABLE "company_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_staff_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"object_path" text NOT NULL,
	"bytes" bigint NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"school_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"object_path" text NOT NULL,
	"bytes" bigint NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "stored_files_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "company_files" ADD CONSTRAINT "company_files_owner_staff_id_company_staff_id_fk" FOREIGN KEY ("owner_staff_id") REFERENCES "public"."company_staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_fk" FOREIGN KEY ("school_id","owner_user_id") REFERENCES "public"."users"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_files_path_unique" ON "company_files" USING btree ("object_path");--> statement-breakpoint
CREATE INDEX "company_files_owner_idx" ON "company_files" USING btree ("owner_staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_school_path_unique" ON "stored_files" USING btree ("school_id","object_path");--> statement-breakpoint
CREATE INDEX "stored_files_school_live_idx" ON "stored_files" USING btree ("school_id","owner_user_id") WHERE "stored_files"."deleted_at" is null;