CREATE TABLE "other_currency_reversals" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"type" text NOT NULL,
	"dispute_stage" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"settled_by" uuid,
	CONSTRAINT "other_currency_reversals_type_check" CHECK (type in ('dispute', 'refund')),
	CONSTRAINT "other_currency_reversals_stage_check" CHECK (dispute_stage in ('inquiry', 'withdrawn', 'reinstated')),
	CONSTRAINT "other_currency_reversals_amount_positive" CHECK ("other_currency_reversals"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "other_currency_reversals" ADD CONSTRAINT "other_currency_reversals_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "other_currency_reversals" ADD CONSTRAINT "other_currency_reversals_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "other_currency_reversals_event_unique" ON "other_currency_reversals" USING btree ("provider","event_id");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK (kind in ('passwordReset', 'passwordChanged', 'giftCard', 'goodwillGiftCard', 'ticketConfirmation', 'ticketNotification', 'ticketReply', 'paymentReversal', 'otherCurrencyReversal', 'orderPaid', 'depositCredited', 'creditNote', 'dataExportReady', 'emailVerification', 'emailChangeRequested', 'emailChanged', 'securityChanged'));