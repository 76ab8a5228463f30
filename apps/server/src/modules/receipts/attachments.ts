import { creditNoteFileName, receiptFileName } from '@pictura/contract';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../infra/db/index.js';
import { userContact } from '../accounts/index.js';
import type { MailAttachmentSource } from '../mail/index.js';
import { renderReceiptPdf } from './pdf.js';
import { creditNoteByNumber } from './credit-note-queries.js';
import { receiptByNumber } from './queries.js';

/**
 * The PDF the order paid and deposit credited mails carry, made when the mail is sent from the
 * receipt their reference names: the settling transaction only writes the receipt, and the mail's
 * sealed body stays small. In the buyer's language, as the mail's text.
 */
export function receiptAttachment(config: Pick<AppConfig, 'publicUrl'>): MailAttachmentSource {
  return async (db: Db, reference: string) => {
    const receipt = await receiptByNumber(db, Number(reference));
    if (!receipt || receipt.userId === null) return [];
    const { locale } = await userContact(db, receipt.userId);
    const content = await renderReceiptPdf({ receipt, locale, publicUrl: config.publicUrl });
    return [{ filename: receiptFileName(receipt.number), contentType: 'application/pdf', content }];
  };
}

/** The PDF the credit note mail carries, made when it is sent, in the buyer's language. */
export function creditNoteAttachment(config: Pick<AppConfig, 'publicUrl'>): MailAttachmentSource {
  return async (db: Db, reference: string) => {
    const found = await creditNoteByNumber(db, Number(reference));
    if (!found || found.note.userId === null) return [];
    const { locale } = await userContact(db, found.note.userId);
    const content = await renderReceiptPdf({
      receipt: found.note,
      creditNote: found.note,
      locale,
      publicUrl: config.publicUrl,
    });
    return [
      { filename: creditNoteFileName(found.note.number), contentType: 'application/pdf', content },
    ];
  };
}
