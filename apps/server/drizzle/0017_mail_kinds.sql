-- Branches made side by side each rebuilt this check with their own new kinds; this gives it every
-- kind the code sends (modules/mail/schema.ts MAIL_KINDS).
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK (kind in ('passwordReset', 'passwordChanged', 'giftCard', 'goodwillGiftCard', 'ticketConfirmation', 'ticketNotification', 'ticketReply', 'paymentReversal', 'orderPaid', 'depositCredited', 'dataExportReady', 'emailVerification', 'emailChangeRequested'));
