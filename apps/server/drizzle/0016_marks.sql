ALTER TABLE "offers" ADD COLUMN "digital_source_type" text DEFAULT 'trainedAlgorithmicMedia' NOT NULL;--> statement-breakpoint
-- Offers from before this migration have files without marks: version 0, which npm run seed migrates; new offers start current.
ALTER TABLE "offers" ADD COLUMN "files_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ALTER COLUMN "files_version" SET DEFAULT 1;--> statement-breakpoint
CREATE INDEX "offers_image_key_idx" ON "offers" USING btree ("image_key");--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_digital_source_type_check" CHECK (digital_source_type in ('trainedAlgorithmicMedia', 'compositeWithTrainedAlgorithmicMedia'));