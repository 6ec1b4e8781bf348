CREATE TABLE "login_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"realm" varchar(8) NOT NULL,
	"user_id" integer,
	"attempted_name" varchar(64),
	"method" varchar(16) NOT NULL,
	"success" boolean NOT NULL,
	"reason" varchar(100),
	"ip" varchar(64),
	"user_agent" varchar(200)
);
--> statement-breakpoint
ALTER TABLE "login_records" ADD CONSTRAINT "login_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_records_at_idx" ON "login_records" USING btree ("at");--> statement-breakpoint
CREATE INDEX "login_records_user_idx" ON "login_records" USING btree ("user_id");