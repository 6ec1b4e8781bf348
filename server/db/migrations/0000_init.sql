CREATE TABLE "announcements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "announcements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"summary" text,
	"content" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text,
	"image_url" text NOT NULL,
	"link_url" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cas_tickets" (
	"ticket_hash" varchar(64) PRIMARY KEY NOT NULL,
	"uid" varchar(64) NOT NULL,
	"attributes" jsonb NOT NULL,
	"service" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counters" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dict_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dict_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" varchar(64) NOT NULL,
	"value" varchar(64) NOT NULL,
	"label" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"parent_value" varchar(64),
	"remark" text,
	"extra" jsonb
);
--> statement-breakpoint
CREATE TABLE "divisions" (
	"code" varchar(12) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"level" smallint NOT NULL,
	"parent_code" varchar(12),
	CONSTRAINT "divisions_level_ck" CHECK ("divisions"."level" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "household_records" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"status" varchar(1) NOT NULL,
	"household_no" varchar(32),
	"collective_name" text,
	"collective_address" text,
	"relation_code" varchar(4),
	"police_station_id" varchar(32),
	"moved_in_on" date,
	"move_in_kind" text,
	"former_address" text,
	"moved_out_on" date,
	"booklet_status" varchar(1) DEFAULT '0' NOT NULL,
	"booklet_due_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_records_status_ck" CHECK ("household_records"."status" in ('1', '2')),
	CONSTRAINT "household_records_booklet_ck" CHECK ("household_records"."booklet_status" in ('0', '1'))
);
--> statement-breakpoint
CREATE TABLE "image_codes" (
	"uuid" varchar(36) PRIMARY KEY NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" varchar(128) PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"application_id" integer,
	"application_no" varchar(32),
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_type_ck" CHECK ("notices"."type" in ('apply', 'borrow', 'system'))
);
--> statement-breakpoint
CREATE TABLE "police_stations" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"division_code" varchar(12) NOT NULL,
	"address" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "public_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" varchar(32) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"display_name" text NOT NULL,
	"mime" varchar(100) NOT NULL,
	"content" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"announcement_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sectors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sectors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"person_type" varchar(2) NOT NULL,
	"sector_code" varchar(8) NOT NULL,
	"parent_code" varchar(8),
	"name" text NOT NULL,
	"requires_hk_in" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"login_type" varchar(1) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" varchar(128) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" varchar(11) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" varchar(11) NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_permits" (
	"ticket_hash" varchar(64) PRIMARY KEY NOT NULL,
	"phone" varchar(11) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"stored_name" varchar(80) NOT NULL,
	"original_name" text NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_size_ck" CHECK ("uploads"."size" > 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" varchar(11),
	"password_hash" text,
	"password_salt" text,
	"name" text NOT NULL,
	"id_number" varchar(32),
	"person_type" varchar(2) NOT NULL,
	"student_no" varchar(32),
	"staff_no" varchar(32),
	"login_type" varchar(1) NOT NULL,
	"marital_status_code" varchar(4),
	"education_code" varchar(4),
	"gender_code" varchar(2),
	"ethnic_code" varchar(4),
	"birth_date" date,
	"department_code" varchar(32),
	"native_place" text,
	"family_of_user_id" integer,
	"warning_flag" varchar(1) DEFAULT '0' NOT NULL,
	"warning_message" text,
	"role" varchar(16) DEFAULT 'user' NOT NULL,
	"cas_uid" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_ck" CHECK ("users"."role" in ('user', 'staff', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "household_records" ADD CONSTRAINT "household_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_records" ADD CONSTRAINT "household_records_police_station_id_police_stations_id_fk" FOREIGN KEY ("police_station_id") REFERENCES "public"."police_stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_files" ADD CONSTRAINT "public_files_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_family_of_user_id_users_id_fk" FOREIGN KEY ("family_of_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_published_idx" ON "announcements" USING btree ("published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dict_items_type_value_uq" ON "dict_items" USING btree ("type","value");--> statement-breakpoint
CREATE INDEX "dict_items_type_idx" ON "dict_items" USING btree ("type","sort");--> statement-breakpoint
CREATE INDEX "divisions_parent_idx" ON "divisions" USING btree ("parent_code");--> statement-breakpoint
CREATE INDEX "notices_user_idx" ON "notices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "police_stations_division_idx" ON "police_stations" USING btree ("division_code");--> statement-breakpoint
CREATE UNIQUE INDEX "public_files_kind_name_uq" ON "public_files" USING btree ("kind","file_name");--> statement-breakpoint
CREATE INDEX "public_files_announcement_idx" ON "public_files" USING btree ("announcement_id");--> statement-breakpoint
CREATE INDEX "sectors_person_type_idx" ON "sectors" USING btree ("person_type","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sms_codes_phone_idx" ON "sms_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_phone_idx" ON "sms_outbox" USING btree ("phone","id");--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_uq" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "users_student_no_uq" ON "users" USING btree ("student_no");--> statement-breakpoint
CREATE UNIQUE INDEX "users_staff_no_uq" ON "users" USING btree ("staff_no");--> statement-breakpoint
CREATE UNIQUE INDEX "users_cas_uid_uq" ON "users" USING btree ("cas_uid");