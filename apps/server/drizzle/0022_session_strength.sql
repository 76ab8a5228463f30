-- Sessions record how they signed in and when. Hand-written (the last statement): a session from
-- before this migration counts as signed in with the password alone, at the time it started.
ALTER TABLE "refresh_token_families" ADD COLUMN "sign_in_method" text DEFAULT 'pwd' NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_token_families" ADD COLUMN "auth_time" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_token_families" ADD COLUMN "reauthenticated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refresh_token_families" ADD CONSTRAINT "refresh_token_families_sign_in_method_check" CHECK (sign_in_method in ('pwd', 'pwd+otp', 'pwd+passkey', 'passkey'));--> statement-breakpoint
UPDATE "refresh_token_families" SET "auth_time" = "created_at";
