CREATE TABLE "phone_tickets" (
	"ticket_hash" varchar(64) PRIMARY KEY NOT NULL,
	"phone" varchar(11) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
