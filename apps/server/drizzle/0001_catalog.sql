CREATE TABLE "password_reset_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_reset_codes_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "refresh_token_families" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"url_name" text NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"name_ja" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_url_name_unique" UNIQUE("url_name"),
	CONSTRAINT "categories_url_name_check" CHECK (url_name ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "offer_attributes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offer_attributes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"price_eur" integer NOT NULL,
	"price_usd" integer NOT NULL,
	CONSTRAINT "offer_attributes_offer_kind_key" UNIQUE("offer_id","kind"),
	CONSTRAINT "offer_attributes_kind_check" CHECK (kind in ('standard', 'full')),
	CONSTRAINT "offer_attributes_prices_check" CHECK ("offer_attributes"."price_eur" > 0 and "offer_attributes"."price_usd" > 0)
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"url_name" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"style" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"orientation" text GENERATED ALWAYS AS (case when width > height then 'Horizontal' when width < height then 'Vertical' else 'Square' end) STORED NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"category_id" integer NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"prompt" text NOT NULL,
	"seed" integer NOT NULL,
	"image_key" text NOT NULL,
	"placeholder" text NOT NULL,
	"min_price_eur" integer NOT NULL,
	"min_price_usd" integer NOT NULL,
	"search_document" "tsvector" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_url_name_unique" UNIQUE("url_name"),
	CONSTRAINT "offers_url_name_check" CHECK (url_name ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "offers_style_check" CHECK (style in ('None', 'Anime', 'Cyberpunk', 'Dreamscape', 'Exclusive', 'Hyperrealism', 'Vintage', 'FlatDesign', 'Futuristic', 'HandDrawn', 'ModernGeometric', 'Nature', 'PopArt', 'PopCulture', 'Typography', 'UrbanStreetArt', 'AbstractArt')),
	CONSTRAINT "offers_size_check" CHECK ("offers"."width" > 0 and "offers"."height" > 0),
	CONSTRAINT "offers_min_prices_check" CHECK ("offers"."min_price_eur" >= 0 and "offers"."min_price_usd" >= 0)
);
--> statement-breakpoint
ALTER TABLE "password_reset_codes" ADD CONSTRAINT "password_reset_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_token_families" ADD CONSTRAINT "refresh_token_families_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_family_id_refresh_token_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."refresh_token_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_attributes" ADD CONSTRAINT "offer_attributes_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refresh_token_families_user_id_idx" ON "refresh_token_families" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_id_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "offers_newest_idx" ON "offers" USING btree ("created_at","id") WHERE published;--> statement-breakpoint
CREATE INDEX "offers_price_eur_idx" ON "offers" USING btree ("min_price_eur","id","orientation","style","category_id") WHERE published;--> statement-breakpoint
CREATE INDEX "offers_price_usd_idx" ON "offers" USING btree ("min_price_usd","id","orientation","style","category_id") WHERE published;--> statement-breakpoint
CREATE INDEX "offers_category_newest_idx" ON "offers" USING btree ("category_id","created_at","id") WHERE published;--> statement-breakpoint
CREATE INDEX "offers_style_newest_idx" ON "offers" USING btree ("style","created_at","id") WHERE published;--> statement-breakpoint
CREATE INDEX "offers_search_idx" ON "offers" USING gin ("search_document") WHERE published;