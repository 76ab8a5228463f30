-- The data key (modules/keys): made by the first process that starts, not here (it needs the secret).
CREATE TABLE "data_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"wrapped" text NOT NULL,
	"wrapped_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"wrapped_at" timestamp with time zone DEFAULT now() NOT NULL
);
