CREATE TABLE "addon_requests" (
	"school_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"addon_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text,
	"reason" text,
	"requested_by" uuid,
	"decided_by_account_id" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addon_requests_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"school_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_by" uuid NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "api_usage" (
	"school_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"month" date NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_usage_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "sales_leads" (
	"school_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"message" text NOT NULL,
	"plan_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_leads_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "subscription_payments" (
	"school_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"subscription_id" uuid,
	"addon_request_id" uuid,
	"method" text NOT NULL,
	"reference" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text DEFAULT 'manual' NOT NULL,
	"idempotency_key" text NOT NULL,
	"receipt_number" text NOT NULL,
	"submitted_by" uuid,
	"decided_by_account_id" uuid,
	"decided_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_payments_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "school_subscriptions" ADD COLUMN "change_kind" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_subscriptions" ADD COLUMN "plan_amount_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_subscriptions" ADD COLUMN "addons_amount_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_subscriptions" ADD COLUMN "discount_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_subscriptions" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "brand_color" text;--> statement-breakpoint
ALTER TABLE "addon_requests" ADD CONSTRAINT "addon_requests_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_requests" ADD CONSTRAINT "addon_requests_addon_id_addons_id_fk" FOREIGN KEY ("addon_id") REFERENCES "public"."addons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_requests" ADD CONSTRAINT "addon_requests_user_fk" FOREIGN KEY ("school_id","requested_by") REFERENCES "public"."users"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_creator_fk" FOREIGN KEY ("school_id","created_by") REFERENCES "public"."users"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_usage" ADD CONSTRAINT "api_usage_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_leads" ADD CONSTRAINT "sales_leads_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_leads" ADD CONSTRAINT "sales_leads_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_subscription_fk" FOREIGN KEY ("school_id","subscription_id") REFERENCES "public"."school_subscriptions"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_addon_request_fk" FOREIGN KEY ("school_id","addon_request_id") REFERENCES "public"."addon_requests"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "addon_requests_one_pending" ON "addon_requests" USING btree ("school_id","addon_id") WHERE "addon_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "addon_requests_school_status_idx" ON "addon_requests" USING btree ("school_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_unique" ON "api_keys" USING btree ("school_id","key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "api_usage_month_unique" ON "api_usage" USING btree ("school_id","month");--> statement-breakpoint
CREATE INDEX "sales_leads_school_status_idx" ON "sales_leads" USING btree ("school_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_payments_idempotency_unique" ON "subscription_payments" USING btree ("school_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_payments_receipt_unique" ON "subscription_payments" USING btree ("school_id","receipt_number");--> statement-breakpoint
CREATE INDEX "subscription_payments_school_status_idx" ON "subscription_payments" USING btree ("school_id","status","created_at");