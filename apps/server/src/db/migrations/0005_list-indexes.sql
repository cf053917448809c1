-- List reads at scale (docs/product.md, "Performance budgets"). Written by hand: drizzle cannot express INCLUDE columns.
-- A school's users of one role in the order of the people lists (lower(name), id). The included columns let
-- the first page, the list's total and the company schools list's student counts be answered from the index
-- alone (index-only scans), without visiting a heap row per user.
CREATE INDEX IF NOT EXISTS "users_school_role_name_idx" ON "users" ("school_id", "role", lower("name"), "id") INCLUDE ("is_active", "name", "deleted_at");
--> statement-breakpoint
-- The student list sorted by roll number over the whole school, read in order instead of sorted.
CREATE INDEX IF NOT EXISTS "students_school_roll_idx" ON "students" ("school_id", "roll_number", "id");
