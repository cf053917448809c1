CREATE TABLE "academic_holidays" (
	"school_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"academic_year_id" uuid NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "academic_holidays_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "academic_holidays_date_order" CHECK ("academic_holidays"."end_date" >= "academic_holidays"."start_date")
);
--> statement-breakpoint
CREATE TABLE "academic_terms" (
	"school_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"academic_year_id" uuid NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "academic_terms_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "academic_terms_date_order" CHECK ("academic_terms"."end_date" >= "academic_terms"."start_date")
);
--> statement-breakpoint
CREATE TABLE "academic_years" (
	"school_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "academic_years_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "academic_years_date_order" CHECK ("academic_years"."end_date" > "academic_years"."start_date")
);
--> statement-breakpoint
CREATE TABLE "promotion_moves" (
	"school_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"promotion_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_class_id" uuid NOT NULL,
	"from_roll" integer NOT NULL,
	"from_academic_year" text NOT NULL,
	"was_active" boolean NOT NULL,
	"to_class_id" uuid NOT NULL,
	"to_roll" integer NOT NULL,
	CONSTRAINT "promotion_moves_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "promotion_moves_action_check" CHECK ("promotion_moves"."action" in ('promote', 'repeat', 'graduate'))
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"school_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"from_year_id" uuid NOT NULL,
	"to_year_id" uuid NOT NULL,
	"applied_by_id" uuid NOT NULL,
	"applied_by_name" text NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"totals" jsonb NOT NULL,
	"undone_at" timestamp with time zone,
	CONSTRAINT "promotions_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "academic_year_id" uuid;--> statement-breakpoint
ALTER TABLE "timetable_slots" ADD COLUMN "academic_year_id" uuid;--> statement-breakpoint
ALTER TABLE "academic_holidays" ADD CONSTRAINT "academic_holidays_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academic_holidays" ADD CONSTRAINT "academic_holidays_year_fk" FOREIGN KEY ("school_id","academic_year_id") REFERENCES "public"."academic_years"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academic_terms" ADD CONSTRAINT "academic_terms_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academic_terms" ADD CONSTRAINT "academic_terms_year_fk" FOREIGN KEY ("school_id","academic_year_id") REFERENCES "public"."academic_years"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academic_years" ADD CONSTRAINT "academic_years_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_moves" ADD CONSTRAINT "promotion_moves_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_moves" ADD CONSTRAINT "promotion_moves_promotion_fk" FOREIGN KEY ("school_id","promotion_id") REFERENCES "public"."promotions"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_moves" ADD CONSTRAINT "promotion_moves_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_moves" ADD CONSTRAINT "promotion_moves_from_class_fk" FOREIGN KEY ("school_id","from_class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_moves" ADD CONSTRAINT "promotion_moves_to_class_fk" FOREIGN KEY ("school_id","to_class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_from_year_fk" FOREIGN KEY ("school_id","from_year_id") REFERENCES "public"."academic_years"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_to_year_fk" FOREIGN KEY ("school_id","to_year_id") REFERENCES "public"."academic_years"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_applied_by_fk" FOREIGN KEY ("school_id","applied_by_id") REFERENCES "public"."users"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "academic_holidays_year_idx" ON "academic_holidays" USING btree ("school_id","academic_year_id","start_date");--> statement-breakpoint
CREATE INDEX "academic_terms_year_idx" ON "academic_terms" USING btree ("school_id","academic_year_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "academic_years_name_unique" ON "academic_years" USING btree ("school_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "academic_years_one_current" ON "academic_years" USING btree ("school_id") WHERE "academic_years"."is_current";--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_moves_student_unique" ON "promotion_moves" USING btree ("school_id","promotion_id","student_id");--> statement-breakpoint
CREATE INDEX "promotions_applied_idx" ON "promotions" USING btree ("school_id","applied_at");--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_year_fk" FOREIGN KEY ("school_id","academic_year_id") REFERENCES "public"."academic_years"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_slots" ADD CONSTRAINT "timetable_slots_year_fk" FOREIGN KEY ("school_id","academic_year_id") REFERENCES "public"."academic_years"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hand-written from here (docs/product.md, "Academic years and promotion").
-- A school's first academic year: the one its today falls in, 1 September to 31 August, current, with three
-- terms. Every new school gets it from the trigger below, whoever inserts the school (sign-up, the company
-- console, the seed, bench); existing schools get it here.
CREATE OR REPLACE FUNCTION lyceum_first_academic_year(p_school uuid, p_time_zone text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  today date := (now() AT TIME ZONE p_time_zone)::date;
  y int := extract(year FROM today)::int - CASE WHEN extract(month FROM today) < 9 THEN 1 ELSE 0 END;
  year_id uuid := gen_random_uuid();
BEGIN
  INSERT INTO academic_years (school_id, id, name, start_date, end_date, is_current)
    VALUES (p_school, year_id, y || '-' || (y + 1), make_date(y, 9, 1), make_date(y + 1, 8, 31), true);
  INSERT INTO academic_terms (school_id, id, academic_year_id, name, start_date, end_date) VALUES
    (p_school, gen_random_uuid(), year_id, 'Term 1', make_date(y, 9, 1), make_date(y + 1, 1, 4)),
    (p_school, gen_random_uuid(), year_id, 'Term 2', make_date(y + 1, 1, 5), make_date(y + 1, 4, 19)),
    (p_school, gen_random_uuid(), year_id, 'Term 3', make_date(y + 1, 4, 20), make_date(y + 1, 8, 31));
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lyceum_school_first_year() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lyceum_first_academic_year(NEW.id, NEW.time_zone);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER schools_first_academic_year AFTER INSERT ON schools
  FOR EACH ROW EXECUTE FUNCTION lyceum_school_first_year();--> statement-breakpoint
-- The year a school-day record belongs to: the one containing its date, else (no date, or a date outside
-- every year) the current one.
CREATE OR REPLACE FUNCTION lyceum_academic_year_for(p_school uuid, p_date date) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT id FROM academic_years WHERE school_id = p_school
  ORDER BY (p_date IS NOT NULL AND p_date BETWEEN start_date AND end_date) DESC, is_current DESC, start_date DESC
  LIMIT 1
$$;--> statement-breakpoint
-- Inserts that leave the year out (bulk SQL of the seed, bench and tests) get it from the same rule.
CREATE OR REPLACE FUNCTION lyceum_attendance_year() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.academic_year_id IS NULL THEN
    NEW.academic_year_id := lyceum_academic_year_for(NEW.school_id, NEW.date);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lyceum_slot_year() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.academic_year_id IS NULL THEN
    NEW.academic_year_id := lyceum_academic_year_for(NEW.school_id, NULL);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER attendance_academic_year BEFORE INSERT ON attendance
  FOR EACH ROW EXECUTE FUNCTION lyceum_attendance_year();--> statement-breakpoint
CREATE TRIGGER timetable_slots_academic_year BEFORE INSERT ON timetable_slots
  FOR EACH ROW EXECUTE FUNCTION lyceum_slot_year();--> statement-breakpoint
SELECT lyceum_first_academic_year(s.id, s.time_zone) FROM schools s
  WHERE NOT EXISTS (SELECT FROM academic_years y WHERE y.school_id = s.id);--> statement-breakpoint
UPDATE timetable_slots SET academic_year_id = lyceum_academic_year_for(school_id, NULL);--> statement-breakpoint
UPDATE attendance SET academic_year_id = lyceum_academic_year_for(school_id, date);--> statement-breakpoint
ALTER TABLE "attendance" ALTER COLUMN "academic_year_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "timetable_slots" ALTER COLUMN "academic_year_id" SET NOT NULL;
