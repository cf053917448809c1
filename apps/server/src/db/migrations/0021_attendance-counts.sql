CREATE TABLE "attendance_class_days" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"date" date NOT NULL,
	"present" integer DEFAULT 0 NOT NULL,
	"late" integer DEFAULT 0 NOT NULL,
	"absent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "attendance_class_days_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "attendance_class_days_class_date" UNIQUE("school_id","class_id","date")
);
--> statement-breakpoint
CREATE TABLE "attendance_student_totals" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"present" integer DEFAULT 0 NOT NULL,
	"late" integer DEFAULT 0 NOT NULL,
	"absent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "attendance_student_totals_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "attendance_student_totals_student_class" UNIQUE("school_id","student_id","class_id")
);
--> statement-breakpoint
ALTER TABLE "attendance_class_days" ADD CONSTRAINT "attendance_class_days_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_class_days" ADD CONSTRAINT "attendance_class_days_class_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_student_totals" ADD CONSTRAINT "attendance_student_totals_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_student_totals" ADD CONSTRAINT "attendance_student_totals_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_student_totals" ADD CONSTRAINT "attendance_student_totals_class_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_class_days_date_idx" ON "attendance_class_days" USING btree ("school_id","date");--> statement-breakpoint
-- The counts follow attendance in the writing statement itself: one statement-level trigger per event, with the
-- statement's old and new rows as transition tables, adds the difference per class and date and per student
-- and class. Exact whatever writes attendance (submission, resubmission, a deletion; a bulk load runs with the
-- trigger off and then the rebuild below). Concurrent writers of one count row queue on its row lock. Written
-- out per event (each branch may name only the transition tables its event has); an update adds only the rows
-- whose mark, class, student or date changed, so a resubmission that changes nothing writes nothing.
CREATE OR REPLACE FUNCTION lyceum_attendance_counts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      SELECT n.school_id, n.class_id, n.student_id, n.date, (n.status = 'present')::int AS p,
        (n.status = 'late')::int AS l, (n.status = 'absent')::int AS a FROM new_rows n
    ),
    days AS (
      INSERT INTO attendance_class_days AS t (school_id, class_id, date, present, late, absent)
      SELECT school_id, class_id, date, sum(p), sum(l), sum(a) FROM d GROUP BY school_id, class_id, date
      ON CONFLICT (school_id, class_id, date) DO UPDATE
        SET present = t.present + excluded.present, late = t.late + excluded.late, absent = t.absent + excluded.absent
    )
    INSERT INTO attendance_student_totals AS t (school_id, student_id, class_id, present, late, absent)
    SELECT school_id, student_id, class_id, sum(p), sum(l), sum(a) FROM d GROUP BY school_id, student_id, class_id
    ON CONFLICT (school_id, student_id, class_id) DO UPDATE
      SET present = t.present + excluded.present, late = t.late + excluded.late, absent = t.absent + excluded.absent;
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (
      SELECT o.school_id, o.class_id, o.student_id, o.date, -(o.status = 'present')::int AS p,
        -(o.status = 'late')::int AS l, -(o.status = 'absent')::int AS a FROM old_rows o
    ),
    days AS (
      INSERT INTO attendance_class_days AS t (school_id, class_id, date, present, late, absent)
      SELECT school_id, class_id, date, sum(p), sum(l), sum(a) FROM d GROUP BY school_id, class_id, date
      ON CONFLICT (school_id, class_id, date) DO UPDATE
        SET present = t.present + excluded.present, late = t.late + excluded.late, absent = t.absent + excluded.absent
    )
    INSERT INTO attendance_student_totals AS t (school_id, student_id, class_id, present, late, absent)
    SELECT school_id, student_id, class_id, sum(p), sum(l), sum(a) FROM d GROUP BY school_id, student_id, class_id
    ON CONFLICT (school_id, student_id, class_id) DO UPDATE
      SET present = t.present + excluded.present, late = t.late + excluded.late, absent = t.absent + excluded.absent;
  ELSE
    WITH d AS (
      SELECT n.school_id, n.class_id, n.student_id, n.date, (n.status = 'present')::int AS p,
        (n.status = 'late')::int AS l, (n.status = 'absent')::int AS a FROM new_rows n JOIN old_rows o2 ON o2.school_id = n.school_id AND o2.id = n.id
        WHERE (n.status, n.class_id, n.student_id, n.date) IS DISTINCT FROM (o2.status, o2.class_id, o2.student_id, o2.date)
      UNION ALL
      SELECT o.school_id, o.class_id, o.student_id, o.date, -(o.status = 'present')::int AS p,
        -(o.status = 'late')::int AS l, -(o.status = 'absent')::int AS a FROM old_rows o JOIN new_rows n2 ON n2.school_id = o.school_id AND n2.id = o.id
        WHERE (o.status, o.class_id, o.student_id, o.date) IS DISTINCT FROM (n2.status, n2.class_id, n2.student_id, n2.date)
    ),
    days AS (
      INSERT INTO attendance_class_days AS t (school_id, class_id, date, present, late, absent)
      SELECT school_id, class_id, date, sum(p), sum(l), sum(a) FROM d GROUP BY school_id, class_id, date
      ON CONFLICT (school_id, class_id, date) DO UPDATE
        SET present = t.present + excluded.present, late = t.late + excluded.late, absent = t.absent + excluded.absent
    )
    INSERT INTO attendance_student_totals AS t (school_id, student_id, class_id, present, late, absent)
    SELECT school_id, student_id, class_id, sum(p), sum(l), sum(a) FROM d GROUP BY school_id, student_id, class_id
    ON CONFLICT (school_id, student_id, class_id) DO UPDATE
      SET present = t.present + excluded.present, late = t.late + excluded.late, absent = t.absent + excluded.absent;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER attendance_counts_insert AFTER INSERT ON attendance REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lyceum_attendance_counts_trigger();
--> statement-breakpoint
CREATE TRIGGER attendance_counts_update AFTER UPDATE ON attendance REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lyceum_attendance_counts_trigger();
--> statement-breakpoint
CREATE TRIGGER attendance_counts_delete AFTER DELETE ON attendance REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lyceum_attendance_counts_trigger();
--> statement-breakpoint
-- Recounts everything from the records: the backfill below, and a bulk load that ran with the triggers off.
CREATE OR REPLACE FUNCTION lyceum_attendance_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM attendance_class_days;
  DELETE FROM attendance_student_totals;
  INSERT INTO attendance_class_days (school_id, class_id, date, present, late, absent)
  SELECT school_id, class_id, date, count(*) FILTER (WHERE status = 'present'),
    count(*) FILTER (WHERE status = 'late'), count(*) FILTER (WHERE status = 'absent')
  FROM attendance GROUP BY school_id, class_id, date;
  INSERT INTO attendance_student_totals (school_id, student_id, class_id, present, late, absent)
  SELECT school_id, student_id, class_id, count(*) FILTER (WHERE status = 'present'),
    count(*) FILTER (WHERE status = 'late'), count(*) FILTER (WHERE status = 'absent')
  FROM attendance GROUP BY school_id, student_id, class_id;
$$;
--> statement-breakpoint
SELECT lyceum_attendance_counts_rebuild();
--> statement-breakpoint
SELECT lyceum_apply_tenancy();
