-- A student's history shows the newest 30 records, ordered by date, then submission time, then id
-- (docs/product.md, "Reading attendance"). With only the date in the index, PostgreSQL read every record of
-- the student's year (some 260 heap rows) to sort them and keep 30; with the whole order in the index a
-- backward scan stops after 30. The mark stays INCLUDEd for the rates' index-only scans (migration 0020).
-- Written by hand after drizzle-kit generate: drizzle cannot express INCLUDE columns.
DROP INDEX IF EXISTS "attendance_student_date_idx";
--> statement-breakpoint
CREATE INDEX "attendance_student_date_idx" ON "attendance" ("school_id", "student_id", "date", "submitted_at", "id") INCLUDE ("status");
