ALTER TABLE "users" ALTER COLUMN "id_number" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "id_number_hash" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "users_id_number_hash_uq" ON "users" USING btree ("id_number_hash");