ALTER TABLE "applications" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_assignee_idx" ON "applications" USING btree ("assignee_id") WHERE "applications"."assignee_id" is not null;