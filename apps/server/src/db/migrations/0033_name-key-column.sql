-- The name sort key (docs/product.md, "Sorting by name") stored in a column, so that a page of a people list after
-- the first costs what the first does ("Performance budgets": a list costs what its page costs). The lists page by
-- keyset on (key, name as written, id). Under row-level security PostgreSQL evaluates a query's own condition
-- inside an index scan, ahead of the policy's, only if every function in it is LEAKPROOF; lyceum_name_key is
-- inlined into translate, regexp_replace and normalize, which are not, so the cursor's row comparison over the
-- computed key was a filter after the scan: page k read the school's index from its start (a cursor at "m" in a
-- school of 731 students read 360 rows for 26). Over a plain column the comparison is text_gt and uuid_gt, both
-- leakproof, and becomes the index scan's bound. The values and the order are the function's, as before.
-- A stored column keeps the answer of the function it was written with: a later change to lyceum_name_key must
-- recompute it (`update users set name = name`, or drop the column and add it again with this index), as 0030
-- and 0031 had to REINDEX.
-- Adding a stored column rewrites the table, which empties its visibility map: until users is vacuumed (docs/scaling.md
-- says to run VACUUM (ANALYZE) users after this migration; a migration runs in a transaction and cannot), PostgreSQL
-- does not trust an index-only scan and plans the lists with a bitmap scan and a sort, as on any unvacuumed table.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "name_key" text COLLATE "C" GENERATED ALWAYS AS (lyceum_name_key("name")) STORED;
--> statement-breakpoint
-- The same index under the same name, over the column instead of the expression.
DROP INDEX IF EXISTS "users_school_role_name_key_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_school_role_name_key_idx" ON "users" ("school_id", "role", "name_key", "name" COLLATE "C", "id") INCLUDE ("is_active", "deleted_at");
