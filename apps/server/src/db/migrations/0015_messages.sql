CREATE TABLE "chat_group_members" (
	"school_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_group_members_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "chat_groups" (
	"school_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"class_id" uuid,
	"direct_key" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_groups_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "chat_groups_kind_check" CHECK ("chat_groups"."kind" in ('direct', 'class', 'group'))
);
--> statement-breakpoint
CREATE TABLE "chat_reads" (
	"school_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_reads_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "message_reports" (
	"school_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_reports_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"school_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "chat_group_members" ADD CONSTRAINT "chat_group_members_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_group_members" ADD CONSTRAINT "chat_group_members_group_fk" FOREIGN KEY ("school_id","group_id") REFERENCES "public"."chat_groups"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_group_members" ADD CONSTRAINT "chat_group_members_user_fk" FOREIGN KEY ("school_id","user_id") REFERENCES "public"."users"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_groups" ADD CONSTRAINT "chat_groups_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_groups" ADD CONSTRAINT "chat_groups_class_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_group_fk" FOREIGN KEY ("school_id","group_id") REFERENCES "public"."chat_groups"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_user_fk" FOREIGN KEY ("school_id","user_id") REFERENCES "public"."users"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_message_fk" FOREIGN KEY ("school_id","message_id") REFERENCES "public"."messages"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_reporter_fk" FOREIGN KEY ("school_id","reporter_id") REFERENCES "public"."users"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_group_fk" FOREIGN KEY ("school_id","group_id") REFERENCES "public"."chat_groups"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_fk" FOREIGN KEY ("school_id","sender_id") REFERENCES "public"."users"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_group_members_unique" ON "chat_group_members" USING btree ("school_id","group_id","user_id");--> statement-breakpoint
CREATE INDEX "chat_group_members_user_idx" ON "chat_group_members" USING btree ("school_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_groups_class_unique" ON "chat_groups" USING btree ("school_id","class_id") WHERE "chat_groups"."kind" = 'class';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_groups_direct_unique" ON "chat_groups" USING btree ("school_id","direct_key") WHERE "chat_groups"."kind" = 'direct';--> statement-breakpoint
CREATE INDEX "chat_groups_activity_idx" ON "chat_groups" USING btree ("school_id","last_activity_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_reads_unique" ON "chat_reads" USING btree ("school_id","group_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_reports_unique" ON "message_reports" USING btree ("school_id","message_id","reporter_id");--> statement-breakpoint
CREATE INDEX "messages_group_time_idx" ON "messages" USING btree ("school_id","group_id","created_at","id");