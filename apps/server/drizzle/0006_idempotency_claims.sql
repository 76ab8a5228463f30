ALTER TABLE "idempotency_keys" ADD COLUMN "claim" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "resource" text;