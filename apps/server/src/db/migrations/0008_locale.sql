ALTER TABLE "accounts" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "date_format" text DEFAULT 'medium' NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "week_start" text DEFAULT 'monday' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_language_check" CHECK ("accounts"."language" in ('en', 'es', 'ar'));--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_language_check" CHECK ("schools"."language" in ('en', 'es', 'ar'));--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_date_format_check" CHECK ("schools"."date_format" in ('medium', 'DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'));--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_week_start_check" CHECK ("schools"."week_start" in ('monday', 'sunday', 'saturday'));--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_currency_check" CHECK ("schools"."currency" ~ '^[A-Z]{3}$');