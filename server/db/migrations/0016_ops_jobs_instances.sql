CREATE TABLE "instances" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"host" varchar(64) NOT NULL,
	"pid" integer NOT NULL,
	"version" varchar(32) NOT NULL,
	"node" varchar(16) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"figures" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job" varchar(32) NOT NULL,
	"trigger" varchar(8) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer,
	"ok" boolean,
	"error" varchar(100),
	"instance" varchar(64) NOT NULL,
	"staff_id" integer
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"name" varchar(32) PRIMARY KEY NOT NULL,
	"running_by" varchar(64),
	"running_since" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_runs_job_idx" ON "job_runs" USING btree ("job","started_at");