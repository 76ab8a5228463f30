-- The account events its owner sees (last 30 days); the network is kept as a range, never the address.
CREATE TABLE "account_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"browser" text,
	"os" text,
	"ip_range" text,
	CONSTRAINT "account_events_kind_check" CHECK (kind in ('signedIn', 'signInFailed', 'codeFailed', 'twoStepOn', 'twoStepOff', 'passkeyAdded', 'passkeyRemoved', 'recoveryCodesRenewed', 'emailChanged', 'passwordChanged', 'passwordReset', 'sessionsEnded', 'dataExportRequested'))
);
--> statement-breakpoint
ALTER TABLE "account_events" ADD CONSTRAINT "account_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_events_user_at_idx" ON "account_events" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "account_events_at_idx" ON "account_events" USING btree ("at");