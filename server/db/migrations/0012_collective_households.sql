CREATE TABLE "collective_households" (
	"key" varchar(16) PRIMARY KEY NOT NULL,
	"household_no" varchar(32) NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"police_station_id" varchar(32) NOT NULL,
	"registered_on" varchar(10) NOT NULL,
	"head_page" "bytea",
	"head_page_hash" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collective_households_key_ck" CHECK ("collective_households"."key" in ('student', 'staff', 'postdoc'))
);
--> statement-breakpoint
ALTER TABLE "collective_households" ADD CONSTRAINT "collective_households_police_station_id_police_stations_id_fk" FOREIGN KEY ("police_station_id") REFERENCES "public"."police_stations"("id") ON DELETE no action ON UPDATE no action;