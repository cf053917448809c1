-- The first company admin's setup code (docs/security.md, "The first company admin"): while no company staff
-- exists, the first company-admin sign-up needs a code the server printed in its log. Only hashes are kept.
CREATE TABLE "setup_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
