-- Disputes by stage, reversals given back, gift-card value taken back, lines withdrawn one by one.
-- Hand-written at the end (data moves): orders a reversal had refunded (status refunded with no
-- back-office credit) get every line marked withdrawn, and a card such a reversal had voided gets
-- its whole value marked taken back instead (and is no longer voided), so a won dispute gives them
-- back as the new rules do; disputes already recorded were chargebacks (stage withdrawn).
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "payment_reversals" DROP CONSTRAINT "payment_reversals_kind_check";--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "reversed_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "owed_by_buyer" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD COLUMN "given_back" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD COLUMN "debt_cancelled" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD COLUMN "restored_artworks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "dispute_stage" text;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_reversed_in_range" CHECK ("gift_cards"."owed_by_buyer" >= 0 and "gift_cards"."owed_by_buyer" <= "gift_cards"."reversed_amount" and "gift_cards"."reversed_amount" <= "gift_cards"."amount");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK (kind in ('deposit', 'giftCard', 'order', 'generationHold', 'generationCapture', 'generationRelease', 'refund', 'reversal', 'debtPayment', 'reinstatement'));--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_kind_check" CHECK (kind in ('dispute', 'refund', 'reinstatement'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_dispute_stage_check" CHECK (dispute_stage in ('inquiry', 'withdrawn', 'reinstated'));--> statement-breakpoint
UPDATE "order_items" SET "withdrawn_at" = "orders"."refunded_at" FROM "orders" WHERE "orders"."id" = "order_items"."order_id" AND "orders"."status" = 'refunded' AND "orders"."refunded_amount" = 0;--> statement-breakpoint
UPDATE "gift_cards" SET "reversed_amount" = "gift_cards"."amount", "voided_at" = NULL FROM "orders" WHERE "orders"."id" = "gift_cards"."order_id" AND "orders"."status" = 'refunded' AND "orders"."refunded_amount" = 0 AND "gift_cards"."voided_at" IS NOT NULL;--> statement-breakpoint
UPDATE "payments" SET "dispute_stage" = 'withdrawn' WHERE "disputed_amount" > 0;
