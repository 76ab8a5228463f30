ALTER TABLE "refresh_token_families" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "refresh_token_families" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A session that existed before the column was last used when its newest refresh token was issued.
UPDATE "refresh_token_families" AS "family" SET "last_used_at" = coalesce((SELECT max("created_at") FROM "refresh_tokens" WHERE "family_id" = "family"."id"), "family"."created_at");
