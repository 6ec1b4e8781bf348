CREATE TABLE "documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(20) NOT NULL,
	"number" varchar(32) NOT NULL,
	"application_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"title" text NOT NULL,
	"holder_masked" varchar(64) NOT NULL,
	"stored_name" varchar(200) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"certificate" varchar(64) NOT NULL,
	"self_signed" boolean NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"revoke_reason" text,
	"replaced_by" integer,
	CONSTRAINT "documents_kind_ck" CHECK ("documents"."kind" in ('hjzm', 'hkk', 'hzsy'))
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_replaced_by_documents_id_fk" FOREIGN KEY ("replaced_by") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_code_idx" ON "documents" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_number_idx" ON "documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_stored_name_idx" ON "documents" USING btree ("stored_name");--> statement-breakpoint
CREATE INDEX "documents_application_idx" ON "documents" USING btree ("application_id","kind","issued_at");