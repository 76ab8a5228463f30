-- Hand-written at the end: factors that exist already are marked `added_unverified` when they
-- were added while the account's address was unverified, as far as the data tells (before the
-- address's latest verification, or with none yet); a password reset then removes them.
CREATE TABLE "email_change_undos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "email_change_undos_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "email_change_undos_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "passkeys" ADD COLUMN "added_unverified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "totp_factors" ADD COLUMN "added_unverified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_change_undos" ADD CONSTRAINT "email_change_undos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK (kind in ('passwordReset', 'passwordChanged', 'giftCard', 'goodwillGiftCard', 'ticketConfirmation', 'ticketNotification', 'ticketReply', 'paymentReversal', 'orderPaid', 'depositCredited', 'creditNote', 'dataExportReady', 'emailVerification', 'emailChangeRequested', 'emailChanged', 'securityChanged'));--> statement-breakpoint
UPDATE "passkeys" p SET "added_unverified" = true FROM "users" u
  WHERE u.id = p.user_id AND (u.email_verified_at IS NULL OR p.created_at < u.email_verified_at);--> statement-breakpoint
UPDATE "totp_factors" f SET "added_unverified" = true FROM "users" u
  WHERE u.id = f.user_id AND (u.email_verified_at IS NULL OR f.created_at < u.email_verified_at);
