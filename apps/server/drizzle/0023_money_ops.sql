CREATE TABLE "credit_notes" (
	"number" integer PRIMARY KEY NOT NULL,
	"receipt_number" integer NOT NULL,
	"user_id" uuid,
	"order_id" integer,
	"reason" text NOT NULL,
	"reference" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"currency" text NOT NULL,
	"total" bigint NOT NULL,
	"vat_total" bigint NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	CONSTRAINT "credit_notes_reason_check" CHECK (reason in ('refund', 'dispute')),
	CONSTRAINT "credit_notes_currency_check" CHECK (currency in ('EUR', 'USD')),
	CONSTRAINT "credit_notes_total_positive" CHECK ("credit_notes"."total" > 0),
	CONSTRAINT "credit_notes_vat_in_range" CHECK ("credit_notes"."vat_total" >= 0 and "credit_notes"."vat_total" <= "credit_notes"."total")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_receipt_number_receipts_number_fk" FOREIGN KEY ("receipt_number") REFERENCES "public"."receipts"("number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_reference_unique" ON "credit_notes" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "credit_notes_receipt_index" ON "credit_notes" USING btree ("receipt_number");--> statement-breakpoint
CREATE INDEX "credit_notes_user_index" ON "credit_notes" USING btree ("user_id","number");--> statement-breakpoint
CREATE INDEX "credit_notes_issued_index" ON "credit_notes" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "payments_processing_index" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'processing';--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK (kind in ('passwordReset', 'passwordChanged', 'giftCard', 'goodwillGiftCard', 'ticketConfirmation', 'ticketNotification', 'ticketReply', 'paymentReversal', 'orderPaid', 'depositCredited', 'creditNote', 'dataExportReady', 'emailVerification', 'emailChangeRequested', 'securityChanged'));