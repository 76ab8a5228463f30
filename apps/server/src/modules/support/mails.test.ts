import { describe, expect, it } from 'vitest';
import { LOCALES, SUPPORT_TICKET_TYPES } from '@pictura/contract';
import { ticketConfirmationMail, ticketNotificationMail } from './mails.js';

const contactLink = 'https://shop.example/contact';

describe('support ticket mails', () => {
  it.each(LOCALES)(
    'confirms every topic in %s, with the number in subject, text and HTML',
    (locale) => {
      const topics = new Set<string>();
      for (const supportTicketType of SUPPORT_TICKET_TYPES) {
        const mail = ticketConfirmationMail(locale, {
          ticketNumber: 'K7QM-2WXP',
          supportTicketType,
          contactLink,
        });
        expect(mail.subject).toContain('K7QM-2WXP');
        expect(mail.text).toContain('K7QM-2WXP');
        expect(mail.text).toContain(contactLink);
        expect(mail.html).toContain(`<html lang="${locale}">`);
        expect(mail.html).toContain(`href="${contactLink}"`);
        const topic = mail.text
          .split('\n')
          .find((line) => line.includes(':') && !line.includes('K7QM'));
        topics.add(topic ?? '');
      }
      // Each topic has its own name in the mail.
      expect(topics.size).toBe(SUPPORT_TICKET_TYPES.length);
    },
  );

  it('gives the support team one subject line even when the name holds line breaks', () => {
    const mail = ticketNotificationMail({
      ticketNumber: 'K7QM-2WXP',
      supportTicketType: 'Other',
      name: 'Ann\r\nBcc: someone@example.com',
      email: 'ann@example.com',
      description: 'Line one\nLine two',
      reference: null,
      locale: 'ja',
      userId: null,
      receivedAt: new Date('2026-11-22T10:00:00Z'),
    });
    expect(mail.subject).toBe('[K7QM-2WXP] Something else: Ann Bcc: someone@example.com');
    expect(mail.text).toContain('Reference: -\nReceived: 2026-11-22T10:00:00.000Z');
    expect(mail.text).toContain('Line one\nLine two');
  });
});
