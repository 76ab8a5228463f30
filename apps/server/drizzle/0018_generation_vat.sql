ALTER TABLE "generation_jobs" ADD COLUMN "vat_country" text;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "vat_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "vat_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_vat_in_range" CHECK ("generation_jobs"."vat_rate" >= 0 and "generation_jobs"."vat_amount" >= 0 and "generation_jobs"."vat_amount" <= "generation_jobs"."price");