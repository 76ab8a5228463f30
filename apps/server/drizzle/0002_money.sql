CREATE TABLE "generated_pictures" (
	"job_id" uuid NOT NULL,
	"n" integer NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"preview_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"placeholder" text NOT NULL,
	CONSTRAINT "generated_pictures_job_id_n_pk" PRIMARY KEY("job_id","n")
);
--> statement-breakpoint
CREATE TABLE "generation_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"prompt" text NOT NULL,
	"negative_prompt" text,
	"style" text NOT NULL,
	"orientation" text NOT NULL,
	"quality" text NOT NULL,
	"count" integer NOT NULL,
	"seed" integer NOT NULL,
	"currency" text NOT NULL,
	"price" bigint NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"generator" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "generation_jobs_status_check" CHECK (status in ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
	CONSTRAINT "generation_jobs_quality_check" CHECK (quality in ('standard', 'high')),
	CONSTRAINT "generation_jobs_currency_check" CHECK (currency in ('EUR', 'USD')),
	CONSTRAINT "generation_jobs_style_check" CHECK (style in ('None', 'Anime', 'Cyberpunk', 'Dreamscape', 'Exclusive', 'Hyperrealism', 'Vintage', 'FlatDesign', 'Futuristic', 'HandDrawn', 'ModernGeometric', 'Nature', 'PopArt', 'PopCulture', 'Typography', 'UrbanStreetArt', 'AbstractArt')),
	CONSTRAINT "generation_jobs_orientation_check" CHECK (orientation in ('Vertical', 'Horizontal', 'Square')),
	CONSTRAINT "generation_jobs_count_check" CHECK ("generation_jobs"."count" between 1 and 4),
	CONSTRAINT "generation_jobs_price_positive" CHECK ("generation_jobs"."price" > 0),
	CONSTRAINT "generation_jobs_progress_check" CHECK ("generation_jobs"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "gift_card_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_card_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"buyer_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_hint" text NOT NULL,
	"code_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"redeemed_at" timestamp with time zone,
	"redeemed_by" uuid,
	CONSTRAINT "gift_cards_amount_positive" CHECK ("gift_cards"."amount" > 0),
	CONSTRAINT "gift_cards_currency_check" CHECK (currency in ('EUR', 'USD'))
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" integer,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "balances" (
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balances_user_id_currency_pk" PRIMARY KEY("user_id","currency"),
	CONSTRAINT "balances_amount_not_negative" CHECK ("balances"."amount" >= 0),
	CONSTRAINT "balances_currency_check" CHECK (currency in ('EUR', 'USD'))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_not_zero" CHECK ("ledger_entries"."amount" <> 0 or "ledger_entries"."kind" = 'generationCapture'),
	CONSTRAINT "ledger_entries_balance_after_not_negative" CHECK ("ledger_entries"."balance_after" >= 0),
	CONSTRAINT "ledger_entries_kind_check" CHECK (kind in ('deposit', 'giftCard', 'order', 'generationHold', 'generationCapture', 'generationRelease', 'refund')),
	CONSTRAINT "ledger_entries_currency_check" CHECK (currency in ('EUR', 'USD'))
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"offer_attribute_id" integer NOT NULL,
	"url_name" text NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"price" bigint NOT NULL,
	CONSTRAINT "order_items_price_positive" CHECK ("order_items"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"currency" text NOT NULL,
	"total" bigint NOT NULL,
	"gift_card_amount" bigint NOT NULL,
	"paid_by_balance" bigint NOT NULL,
	"paid_by_payment" bigint NOT NULL,
	"balance_given_back" bigint DEFAULT 0 NOT NULL,
	"payment_id" uuid,
	"payment_link" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"country" text NOT NULL,
	"city" text NOT NULL,
	"address1" text NOT NULL,
	"state" text,
	"zip_code" text NOT NULL,
	"javascript_enabled" boolean NOT NULL,
	"accept_language" text NOT NULL,
	"screen_width" integer NOT NULL,
	"screen_height" integer NOT NULL,
	"time_zone" text NOT NULL,
	"user_agent" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	CONSTRAINT "orders_status_check" CHECK (status in ('pending', 'paid', 'failed', 'expired')),
	CONSTRAINT "orders_currency_check" CHECK (currency in ('EUR', 'USD')),
	CONSTRAINT "orders_total_positive" CHECK ("orders"."total" > 0),
	CONSTRAINT "orders_gift_card_not_negative" CHECK ("orders"."gift_card_amount" >= 0),
	CONSTRAINT "orders_parts_add_up" CHECK ("orders"."paid_by_balance" >= 0 and "orders"."paid_by_payment" >= 0 and "orders"."paid_by_balance" + "orders"."paid_by_payment" = "orders"."total"),
	CONSTRAINT "orders_balance_given_back_in_range" CHECK ("orders"."balance_given_back" >= 0 and "orders"."balance_given_back" <= "orders"."total"),
	CONSTRAINT "orders_paid_has_paid_at" CHECK (("orders"."status" = 'paid') = ("orders"."paid_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "purchased_artworks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "purchased_artworks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"order_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"offer_attribute_id" integer NOT NULL,
	"url_name" text NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"purchased_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"payment_id" uuid,
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"order_id" integer,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"payment_link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payments_provider_session_id_unique" UNIQUE("provider_session_id"),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_purpose_check" CHECK (purpose in ('order', 'deposit')),
	CONSTRAINT "payments_status_check" CHECK (status in ('pending', 'succeeded', 'failed', 'expired')),
	CONSTRAINT "payments_currency_check" CHECK (currency in ('EUR', 'USD')),
	CONSTRAINT "payments_order_purpose" CHECK (("payments"."purpose" = 'order') = ("payments"."order_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_number" text NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"support_ticket_type" text NOT NULL,
	"description" text NOT NULL,
	"reference" text,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_tickets_ticket_number_unique" UNIQUE("ticket_number"),
	CONSTRAINT "support_tickets_type_check" CHECK (support_ticket_type in ('ImageGeneration', 'PurchasePaymentIssues', 'TechnicalSupport', 'CommercialUseInquiries', 'Other')),
	CONSTRAINT "support_tickets_locale_check" CHECK (locale in ('en', 'es', 'ja'))
);
--> statement-breakpoint
ALTER TABLE "generated_pictures" ADD CONSTRAINT "generated_pictures_job_id_generation_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."generation_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchased_artworks" ADD CONSTRAINT "purchased_artworks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchased_artworks" ADD CONSTRAINT "purchased_artworks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generation_jobs_user_created_index" ON "generation_jobs" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "generation_jobs_unfinished_index" ON "generation_jobs" USING btree ("status","created_at","id") WHERE "generation_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "gift_card_attempts_subject_index" ON "gift_card_attempts" USING btree ("subject","created_at");--> statement-breakpoint
CREATE INDEX "gift_card_attempts_created_index" ON "gift_card_attempts" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code_hash_unique" ON "gift_cards" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_order_unique" ON "gift_cards" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "gift_cards_buyer_index" ON "gift_cards" USING btree ("buyer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_kind_reference_unique" ON "ledger_entries" USING btree ("kind","reference");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_currency_id_index" ON "ledger_entries" USING btree ("user_id","currency","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_order_position_unique" ON "order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_order_attribute_unique" ON "order_items" USING btree ("order_id","offer_attribute_id");--> statement-breakpoint
CREATE INDEX "orders_user_newest_index" ON "orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchased_artworks_user_attribute_unique" ON "purchased_artworks" USING btree ("user_id","offer_attribute_id");--> statement-breakpoint
CREATE INDEX "purchased_artworks_user_newest_index" ON "purchased_artworks" USING btree ("user_id","purchased_at","id");--> statement-breakpoint
CREATE INDEX "payments_pending_expiry_index" ON "payments" USING btree ("expires_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payments_order_index" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "support_tickets_user_id_idx" ON "support_tickets" USING btree ("user_id");