-- Names sort as a reader expects (docs/product.md, "Sorting by name"): by one key, the name without accents or
-- strokes and in lower case, compared code point by code point (COLLATE "C"), so the order is the same on
-- PGlite and on every PostgreSQL whatever the collation it was created with. Written by hand: drizzle cannot
-- express the function, the collations or the INCLUDE columns.
-- The folding is search's (apps/server/src/lib/search.ts, withoutAccents and nameLike): NFD, the combining
-- accents U+0300-U+036F dropped, each letter with a stroke or bar as its plain letter; then A-Z lower-cased by
-- translate, not lower(), whose answer for other letters depends on the database's locale. normalize,
-- regexp_replace and translate are all IMMUTABLE (PostgreSQL 15 to 18, PGlite), so the key can be indexed.
CREATE OR REPLACE FUNCTION lyceum_name_key(name text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT translate(regexp_replace(normalize(name, NFD), '[\u0300-\u036f]', '', 'g'),
    'ŁłØøĐđĦħŦŧƗɨƵƶABCDEFGHIJKLMNOPQRSTUVWXYZ', 'llooddhhttiizzabcdefghijklmnopqrstuvwxyz')
$$;
--> statement-breakpoint
-- The people lists by name over a whole school, read in index order: (key, name as written, id) is the lists'
-- order and their cursor. It replaces users_school_role_name_idx (lower(name)), which nothing orders by any more;
-- the included columns still answer the lists' totals and the schools' student counts from the index alone.
CREATE INDEX IF NOT EXISTS "users_school_role_name_key_idx" ON "users" ("school_id", "role", (lyceum_name_key("name") COLLATE "C"), "name" COLLATE "C", "id") INCLUDE ("is_active", "deleted_at");
--> statement-breakpoint
DROP INDEX IF EXISTS "users_school_role_name_idx";
