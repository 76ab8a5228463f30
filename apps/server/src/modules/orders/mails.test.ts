import { describe, expect, it } from 'vitest';
import { LOCALES } from '@pictura/contract';
import { displayAmount, giftCardMail } from './mails.js';

const details = {
  orderId: 12,
  code: 'ABCDEFGHJKLMNPQRSTUV',
  amount: 2_500,
  currency: 'EUR' as const,
  redeemLink: 'https://shop.example/wallet',
};

describe('gift card mail', () => {
  it.each(LOCALES)('carries the grouped code, the amount and the link in %s', (locale) => {
    const mail = giftCardMail(locale, details);

    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('ABCD-EFGH-JKLM-NPQR-STUV');
      expect(part).toContain('https://shop.example/wallet');
      expect(part).toContain(displayAmount(locale, 2_500, 'EUR'));
    }
    expect(mail.subject).toContain('12');
    expect(mail.html).toContain(`<html lang="${locale}">`);
  });

  it('writes amounts exactly, in the way of each language', () => {
    expect(displayAmount('en', 2_500, 'EUR')).toBe('€25.00');
    expect(displayAmount('en', 1_999, 'USD')).toBe('$19.99');
    expect(displayAmount('es', 2_500, 'EUR')).toMatch(/^25,00\s€$/);
  });

  it('differs by language', () => {
    expect(giftCardMail('es', details).subject).not.toBe(giftCardMail('en', details).subject);
    expect(giftCardMail('ja', details).text).toContain('ギフトカード');
  });
});
