-- A lesson's room as clashes and the room week compare it (docs/product.md, "Periods and the weekly timetable": a
-- room is one room whatever its letter case or spacing), stored. The comparison was over the expression
-- lower(regexp_replace(btrim(room), ...)), which no index held, so every clash check read the school's lessons of
-- that day; and under row-level security a condition over regexp_replace (not LEAKPROOF) is evaluated after the
-- scan anyway. Over a plain column it is text equality, leakproof, and the new index's bound. The expression is
-- roomKeySql's (modules/timetable/slot-rows.ts) and roomKey's in packages/shared: a change to them must rebuild
-- this column (drop it and add it again with its index).
ALTER TABLE "timetable_slots" ADD COLUMN IF NOT EXISTS "room_key" text GENERATED ALWAYS AS (lower(regexp_replace(btrim(room), '\s+', ' ', 'g'))) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "timetable_slots_room_key_idx" ON "timetable_slots" USING btree ("school_id","room_key","day");
