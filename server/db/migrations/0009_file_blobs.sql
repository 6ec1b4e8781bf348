CREATE TABLE "file_blobs" (
	"name" varchar(200) PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
