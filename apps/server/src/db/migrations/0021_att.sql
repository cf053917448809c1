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
-- and class. Exact whatever writes attendance (submission, resubmission, a deletion, a bulk load that runs
-- the rebuild below); the sheet's lock already serialises writers of one class, so the upserts never race.
-- PL/pgSQL, not SQL, so each connection plans the upserts once rather than on every call.
CREATE OR REPLACE FUNCTION lyceum_attendance_count(delta jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT (x->>'school_id')::uuid AS school_id, (x->>'class_id')::uuid AS class_id,
      (x->>'student_id')::uuid AS student_id, (x->>'date')::date AS date,
      (x->>'present')::int AS present, (x->>'late')::int AS late, (x->>'absent')::int AS absent
    FROM jsonb_array_elements(delta) x
  ),
  days AS (
    INSERT INTO attendance_class_days AS t (school_id, class_id, date, present, late, absent)
    SELECT school_id, class_id, date, sum(present), sum(late), sum(absent) FROM d
    GROUP BY school_id, class_id, date
    HAVING sum(present) <> 0 OR sum(late) <> 0 OR sum(absent) <> 0
    ON CONFLICT (school_id, class_id, date) DO UPDATE SET present = t.present + excluded.present,
      late = t.late + excluded.late, absent = t.absent + excluded.absent
  )
  INSERT INTO attendance_student_totals AS t (school_id, student_id, class_id, present, late, absent)
  SELECT school_id, student_id, class_id, sum(present), sum(late), sum(absent) FROM d
  GROUP BY school_id, student_id, class_id
  HAVING sum(present) <> 0 OR sum(late) <> 0 OR sum(absent) <> 0
  ON CONFLICT (school_id, student_id, class_id) DO UPDATE SET present = t.present + excluded.present,
    late = t.late + excluded.late, absent = t.absent + excluded.absent;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lyceum_attendance_counts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its event has (PL/pgSQL plans a statement when it first runs).
  IF TG_OP = 'INSERT' THEN
    PERFORM lyceum_attendance_count((SELECT jsonb_agg(jsonb_build_object('school_id', n.school_id,
      'class_id', n.class_id, 'student_id', n.student_id, 'date', n.date, 'present', (n.status = 'present')::int,
      'late', (n.status = 'late')::int, 'absent', (n.status = 'absent')::int)) FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM lyceum_attendance_count((SELECT jsonb_agg(jsonb_build_object('school_id', o.school_id,
      'class_id', o.class_id, 'student_id', o.student_id, 'date', o.date, 'present', -(o.status = 'present')::int,
      'late', -(o.status = 'late')::int, 'absent', -(o.status = 'absent')::int)) FROM old_rows o));
  ELSE
    PERFORM lyceum_attendance_count((SELECT jsonb_agg(x) FROM (
      SELECT jsonb_build_object('school_id', n.school_id, 'class_id', n.class_id, 'student_id', n.student_id,
        'date', n.date, 'present', (n.status = 'present')::int, 'late', (n.status = 'late')::int,
        'absent', (n.status = 'absent')::int) AS x FROM new_rows n
      UNION ALL
      SELECT jsonb_build_object('school_id', o.school_id, 'class_id', o.class_id, 'student_id', o.student_id,
        'date', o.date, 'present', -(o.status = 'present')::int, 'late', -(o.status = 'late')::int,
        'absent', -(o.status = 'absent')::int) FROM old_rows o) u));
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
