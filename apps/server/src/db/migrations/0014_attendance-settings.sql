ALTER TABLE "schools" ADD COLUMN "attendance_threshold" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "attendance_alert_late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "attendance_by_period" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_attendance_threshold_check" CHECK ("schools"."attendance_threshold" between 0 and 100);