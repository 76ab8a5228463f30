ALTER TABLE "credit_notes" DROP CONSTRAINT "credit_notes_reason_check";--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "cancels" integer;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_cancels_credit_notes_number_fk" FOREIGN KEY ("cancels") REFERENCES "public"."credit_notes"("number") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_cancellation_names_its_note" CHECK (("credit_notes"."reason" = 'disputeWon') = ("credit_notes"."cancels" is not null)) NOT VALID;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_reason_check" CHECK (reason in ('refund', 'dispute', 'disputeWon')) NOT VALID;