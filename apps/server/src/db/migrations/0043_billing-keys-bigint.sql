-- A company staff member's assign or renew is kept with its answer under its Idempotency-Key (24 hours), so a retry
-- bills once; and a subscription's computed amounts (its total, what it billed, an add-on's yearly charge) become
-- bigint, since a price near the money maximum times 60 months passes an integer (docs/product.md, "Billing: what
-- is due").
CREATE TABLE "billing_requests" (
	"school_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_requests_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "school_subscriptions" ALTER COLUMN "total_amount_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "school_subscriptions" ALTER COLUMN "plan_amount_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "school_subscriptions" ALTER COLUMN "addons_amount_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "school_subscriptions" ALTER COLUMN "discount_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "school_subscriptions" ALTER COLUMN "billed_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "addon_requests" ALTER COLUMN "amount_due_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "billing_requests" ADD CONSTRAINT "billing_requests_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_requests_key_unique" ON "billing_requests" USING btree ("school_id","staff_id","idempotency_key");