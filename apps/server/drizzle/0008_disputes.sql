CREATE TABLE "debts" (
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "debts_user_id_currency_pk" PRIMARY KEY("user_id","currency"),
	CONSTRAINT "debts_amount_not_negative" CHECK ("debts"."amount" >= 0),
	CONSTRAINT "debts_currency_check" CHECK (currency in ('EUR', 'USD'))
);
--> statement-breakpoint
CREATE TABLE "payment_reversals" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"taken_from_balance" bigint DEFAULT 0 NOT NULL,
	"debt" bigint DEFAULT 0 NOT NULL,
	"withdrawn_artworks" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_reversals_kind_check" CHECK (kind in ('dispute', 'refund')),
	CONSTRAINT "payment_reversals_amount_positive" CHECK ("payment_reversals"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "disputed_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reversed_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "debts" ADD CONSTRAINT "debts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reversals_event_unique" ON "payment_reversals" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_reversals_received_index" ON "payment_reversals" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider_payment_id_unique" UNIQUE("provider_payment_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK (kind in ('deposit', 'giftCard', 'order', 'generationHold', 'generationCapture', 'generationRelease', 'refund', 'reversal', 'debtPayment'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK (kind in ('passwordReset', 'passwordChanged', 'giftCard', 'goodwillGiftCard', 'ticketConfirmation', 'ticketNotification', 'ticketReply', 'paymentReversal'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reversed_amount_in_range" CHECK ("payments"."reversed_amount" >= 0 and "payments"."reversed_amount" <= "payments"."amount" and "payments"."disputed_amount" >= 0);