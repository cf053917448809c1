-- Rows written before this migration by the bench generator carried notification types the contract does not
-- know ("event"); they become "other" so the constraint below can hold.
UPDATE "notifications" SET "type" = 'other' WHERE "type" NOT IN ('fee', 'attendance', 'assignment', 'announcement', 'other');--> statement-breakpoint
ALTER TABLE "company_staff" ADD CONSTRAINT "company_staff_role_check" CHECK ("company_staff"."role" in ('company_admin', 'admin', 'company_user'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('pending', 'sent', 'failed'));--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_purpose_check" CHECK ("one_time_tokens"."purpose" in ('reset', 'invite'));--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_profile_kind_check" CHECK ("sessions"."profile_kind" in ('company', 'school'));--> statement-breakpoint
ALTER TABLE "addons" ADD CONSTRAINT "addons_billing_period_check" CHECK ("addons"."billing_period" in ('monthly', 'yearly'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('fee', 'attendance', 'assignment', 'announcement', 'other'));--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_billing_period_check" CHECK ("plans"."billing_period" in ('monthly', 'yearly'));--> statement-breakpoint
ALTER TABLE "school_subscriptions" ADD CONSTRAINT "school_subscriptions_status_check" CHECK ("school_subscriptions"."status" in ('active', 'expired', 'cancelled'));--> statement-breakpoint
ALTER TABLE "school_subscriptions" ADD CONSTRAINT "school_subscriptions_payment_status_check" CHECK ("school_subscriptions"."payment_status" in ('pending', 'paid', 'failed'));--> statement-breakpoint
ALTER TABLE "school_subscriptions" ADD CONSTRAINT "school_subscriptions_billing_cycle_check" CHECK ("school_subscriptions"."billing_cycle" in ('monthly', 'yearly'));--> statement-breakpoint
ALTER TABLE "school_subscriptions" ADD CONSTRAINT "school_subscriptions_type_check" CHECK ("school_subscriptions"."subscription_type" in ('initial', 'current'));--> statement-breakpoint
ALTER TABLE "school_subscriptions" ADD CONSTRAINT "school_subscriptions_change_kind_check" CHECK ("school_subscriptions"."change_kind" in ('new', 'upgrade', 'downgrade', 'same'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('school_admin', 'principal', 'teacher', 'student', 'parent'));--> statement-breakpoint
ALTER TABLE "addon_requests" ADD CONSTRAINT "addon_requests_status_check" CHECK ("addon_requests"."status" in ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_scopes_check" CHECK ("api_keys"."scopes" <@ array['read', 'write']::text[]);--> statement-breakpoint
ALTER TABLE "sales_leads" ADD CONSTRAINT "sales_leads_kind_check" CHECK ("sales_leads"."kind" in ('contact_sales', 'renewal', 'upgrade'));--> statement-breakpoint
ALTER TABLE "sales_leads" ADD CONSTRAINT "sales_leads_status_check" CHECK ("sales_leads"."status" in ('new', 'contacted', 'closed'));--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_method_check" CHECK ("subscription_payments"."method" in ('bank_transfer', 'card', 'cash', 'cheque'));--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_status_check" CHECK ("subscription_payments"."status" in ('pending', 'confirmed', 'rejected'));--> statement-breakpoint
ALTER TABLE "company_files" ADD CONSTRAINT "company_files_kind_check" CHECK ("company_files"."kind" in ('profile_picture'));--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_kind_check" CHECK ("stored_files"."kind" in ('profile_picture'));--> statement-breakpoint
ALTER TABLE "parents" ADD CONSTRAINT "parents_status_check" CHECK ("parents"."status" in ('active', 'inactive'));