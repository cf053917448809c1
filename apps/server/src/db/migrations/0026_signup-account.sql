ALTER TABLE "schools" ADD COLUMN "signup_account_id" uuid;--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_signup_account_id_accounts_id_fk" FOREIGN KEY ("signup_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A school still waiting for its address to be confirmed was signed up by its first admin (docs/product.md,
-- "Trial schools and mail"): sign-up lists only that admin in admin_ids, and later admins are appended.
UPDATE "schools" SET "signup_account_id" = "users"."account_id"
FROM "users"
WHERE "schools"."awaiting_mail_verification" AND "users"."school_id" = "schools"."id"
  AND "users"."id" = "schools"."admin_ids"[1];
