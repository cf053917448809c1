-- Attendance reads at scale (docs/product.md, "Performance budgets"). Written by hand: drizzle cannot express
-- INCLUDE columns. With the mark (and, by class, the student) inside the index, the dashboards' day counts, a
-- class's month register and a student's rate are answered from the index alone (index-only scans) instead of
-- visiting one heap row per record: a year of a student's marks is some 200 rows.
DROP INDEX IF EXISTS "attendance_class_date_idx";
--> statement-breakpoint
CREATE INDEX "attendance_class_date_idx" ON "attendance" ("school_id", "class_id", "date") INCLUDE ("student_id", "status");
--> statement-breakpoint
DROP INDEX IF EXISTS "attendance_student_date_idx";
--> statement-breakpoint
CREATE INDEX "attendance_student_date_idx" ON "attendance" ("school_id", "student_id", "date") INCLUDE ("status");
