CREATE TABLE "campus_roster" (
	"campus_no" varchar(32) PRIMARY KEY NOT NULL,
	"person_type" varchar(2) NOT NULL,
	"name" text NOT NULL,
	"id_number_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "claimed_no" varchar(32);--> statement-breakpoint
CREATE INDEX "campus_roster_id_number_hash_idx" ON "campus_roster" USING btree ("id_number_hash");--> statement-breakpoint
CREATE INDEX "users_claimed_no_idx" ON "users" USING btree ("claimed_no");--> statement-breakpoint
-- A number typed at self-registration was never verified: it becomes an unverified claim (no longer a sign-in name, no
-- longer matched by single sign-on). Accounts created by single sign-on keep theirs; the demo seed binds the demo accounts again.
UPDATE "users" SET "claimed_no" = coalesce("student_no", "staff_no"), "student_no" = NULL, "staff_no" = NULL
WHERE "role" = 'user' AND "login_type" = '1' AND "cas_uid" IS NULL AND ("student_no" IS NOT NULL OR "staff_no" IS NOT NULL);
