CREATE TABLE "absence_alerts" (
	"school_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"date" date NOT NULL,
	"notification_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absence_alerts_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "attendance" (
	"school_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"date" date NOT NULL,
	"period_id" uuid,
	"status" text NOT NULL,
	"is_present" boolean NOT NULL,
	"note" text,
	"marked_by_id" uuid NOT NULL,
	"marked_by_name" text NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"academic_year" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "attendance_one_per_student_date" UNIQUE NULLS NOT DISTINCT("school_id","class_id","student_id","date","period_id"),
	CONSTRAINT "attendance_status_check" CHECK ("attendance"."status" in ('present', 'absent', 'late')),
	CONSTRAINT "attendance_status_follows_present" CHECK (("attendance"."status" = 'absent') = (not "attendance"."is_present"))
);
--> statement-breakpoint
CREATE TABLE "attendance_submissions" (
	"school_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_submissions_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "periods" (
	"school_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"is_break" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "periods_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "periods_time_order" CHECK ("periods"."end_time" > "periods"."start_time")
);
--> statement-breakpoint
CREATE TABLE "timetable_slots" (
	"school_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"room" text DEFAULT '' NOT NULL,
	"day" text NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timetable_slots_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "timetable_slots_day_check" CHECK ("timetable_slots"."day" in ('monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday')),
	CONSTRAINT "timetable_slots_time_order" CHECK ("timetable_slots"."end_time" > "timetable_slots"."start_time")
);
--> statement-breakpoint
ALTER TABLE "absence_alerts" ADD CONSTRAINT "absence_alerts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_alerts" ADD CONSTRAINT "absence_alerts_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_class_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_period_fk" FOREIGN KEY ("school_id","period_id") REFERENCES "public"."periods"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_submissions" ADD CONSTRAINT "attendance_submissions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_submissions" ADD CONSTRAINT "attendance_submissions_user_fk" FOREIGN KEY ("school_id","user_id") REFERENCES "public"."users"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periods" ADD CONSTRAINT "periods_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_slots" ADD CONSTRAINT "timetable_slots_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_slots" ADD CONSTRAINT "timetable_slots_class_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_slots" ADD CONSTRAINT "timetable_slots_subject_fk" FOREIGN KEY ("school_id","subject_id") REFERENCES "public"."subjects"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_slots" ADD CONSTRAINT "timetable_slots_teacher_fk" FOREIGN KEY ("school_id","teacher_id") REFERENCES "public"."users"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "absence_alerts_student_date_unique" ON "absence_alerts" USING btree ("school_id","student_id","date");--> statement-breakpoint
CREATE INDEX "attendance_class_date_idx" ON "attendance" USING btree ("school_id","class_id","date");--> statement-breakpoint
CREATE INDEX "attendance_student_date_idx" ON "attendance" USING btree ("school_id","student_id","date");--> statement-breakpoint
CREATE INDEX "attendance_recent_idx" ON "attendance" USING btree ("school_id","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_submissions_key_unique" ON "attendance_submissions" USING btree ("school_id","user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "periods_school_start_unique" ON "periods" USING btree ("school_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_slots_class_time_unique" ON "timetable_slots" USING btree ("school_id","class_id","day","start_time","end_time");--> statement-breakpoint
CREATE INDEX "timetable_slots_teacher_idx" ON "timetable_slots" USING btree ("school_id","teacher_id","day");--> statement-breakpoint
CREATE INDEX "timetable_slots_room_idx" ON "timetable_slots" USING btree ("school_id","room","day");