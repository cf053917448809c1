CREATE TABLE "sign_in_attempts" (
	"email_key" text NOT NULL,
	"ip" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	CONSTRAINT "sign_in_attempts_email_key_ip_pk" PRIMARY KEY("email_key","ip")
);
--> statement-breakpoint
CREATE INDEX "sign_in_attempts_ip" ON "sign_in_attempts" USING btree ("ip");