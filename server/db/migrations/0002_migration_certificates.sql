ALTER TABLE "household_records" ADD COLUMN "migration_cert_no" varchar(40);--> statement-breakpoint
ALTER TABLE "household_records" ADD COLUMN "migration_address" text;--> statement-breakpoint
ALTER TABLE "household_records" ADD COLUMN "migration_valid_until" date;--> statement-breakpoint
ALTER TABLE "household_records" ADD COLUMN "address_locked" boolean DEFAULT false NOT NULL;