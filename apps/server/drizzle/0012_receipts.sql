CREATE TABLE "receipt_counter" (
	"series" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"number" integer PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"order_id" integer,
	"payment_id" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"currency" text NOT NULL,
	"total" bigint NOT NULL,
	"vat_total" bigint NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	CONSTRAINT "receipts_kind_check" CHECK (kind in ('order', 'deposit')),
	CONSTRAINT "receipts_currency_check" CHECK (currency in ('EUR', 'USD')),
	CONSTRAINT "receipts_number_positive" CHECK ("receipts"."number" > 0),
	CONSTRAINT "receipts_kind_has_its_reference" CHECK (("receipts"."kind" = 'order') = ("receipts"."order_id" is not null) and ("receipts"."kind" = 'deposit') = ("receipts"."payment_id" is not null)),
	CONSTRAINT "receipts_vat_in_range" CHECK ("receipts"."vat_total" >= 0 and "receipts"."vat_total" <= "receipts"."total")
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"country" text NOT NULL,
	"city" text NOT NULL,
	"address1" text NOT NULL,
	"state" text,
	"zip_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_country" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_order_unique" ON "receipts" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_payment_unique" ON "receipts" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "receipts_user_index" ON "receipts" USING btree ("user_id","number");--> statement-breakpoint
CREATE INDEX "deposits_user_index" ON "deposits" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK (kind in ('passwordReset', 'passwordChanged', 'giftCard', 'goodwillGiftCard', 'ticketConfirmation', 'ticketNotification', 'ticketReply', 'paymentReversal', 'orderPaid', 'depositCredited'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_vat_in_range" CHECK ("order_items"."vat_rate" >= 0 and "order_items"."vat_amount" >= 0 and "order_items"."vat_amount" <= "order_items"."price");