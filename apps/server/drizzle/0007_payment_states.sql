ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
DROP INDEX "payment_events_late_index";--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "provider_refund_id" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_refund_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_events_captured_unsold_index" ON "payment_events" USING btree ("received_at") WHERE "payment_events"."outcome" in ('late', 'mismatch', 'undelivered');--> statement-breakpoint
CREATE INDEX "payments_late_unrefunded_index" ON "payments" USING btree ("settled_at") WHERE "payments"."status" = 'late' and "payments"."refunded_at" is null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_amount_not_negative" CHECK ("payments"."refunded_amount" >= 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK (status in ('pending', 'processing', 'succeeded', 'failed', 'expired', 'late', 'refunded', 'disputed'));