-- A class's shown name as twins compare it (docs/product.md, "Classes and subjects": `Grade 6` `A` and
-- `Grade 6 A` are shown alike), stored. Every class label asks whether the school has a twin; the index on the
-- expression that asked it before was not used under row-level security (lower and regexp_replace are not
-- LEAKPROOF, so the policy's test runs first and the school's classes were read with a regexp each, for every
-- labelled row: 30 history records cost 30 scans). Over a plain column the comparison is text equality, which
-- is leakproof, and the index's bound. The expression is shownNameKey's (db/class-label.ts): a change to it must
-- rebuild this column (drop it and add it again with its index).
DROP INDEX "classes_shown_name_idx";--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "shown_key" text GENERATED ALWAYS AS (lower(regexp_replace(btrim(name || ' ' || section), '\s+', ' ', 'g'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "classes_shown_key_idx" ON "classes" USING btree ("school_id","shown_key");