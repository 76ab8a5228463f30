CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"reference" text,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body_sealed" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_kind_check" CHECK (kind in ('passwordReset', 'passwordChanged', 'giftCard', 'goodwillGiftCard', 'ticketConfirmation', 'ticketNotification', 'ticketReply')),
	CONSTRAINT "mail_outbox_status_check" CHECK (status in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
DROP INDEX "payment_events_late_index";--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "provider_refund_id" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_refund_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_status_created_idx" ON "mail_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payment_events_captured_unsold_index" ON "payment_events" USING btree ("received_at") WHERE "payment_events"."outcome" in ('late', 'mismatch', 'undelivered');--> statement-breakpoint
CREATE INDEX "payments_late_unrefunded_index" ON "payments" USING btree ("settled_at") WHERE "payments"."status" = 'late' and "payments"."refunded_at" is null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_failure_reason_check" CHECK (failure_reason in ('cardDeclined', 'authenticationFailed', 'expired'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_amount_not_negative" CHECK ("payments"."refunded_amount" >= 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK (status in ('pending', 'processing', 'succeeded', 'failed', 'expired', 'late', 'refunded', 'disputed'));