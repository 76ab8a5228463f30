ALTER TABLE "offers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Offers that existed before the column last changed, as far as anyone knows, when they were made.
UPDATE "offers" SET "updated_at" = "created_at";
