import { describe, expect, it } from 'vitest';
import { LOCALES } from '@pictura/contract';
import { emailChangeRequestedMail, verificationMail } from './verification-mails.js';

const link =
  'https://shop.example/verify-email?user=0b9e4c1e-6a57-4f0e-9d55-3c0f4d7f2a10&token=abc';

describe('email verification mails', () => {
  it.each(LOCALES)('has a verification mail in %s with the link and its lifetime', (locale) => {
    const signUp = verificationMail(locale, { link, hours: 24, purpose: 'signUp' });
    const change = verificationMail(locale, { link, hours: 24, purpose: 'change' });

    expect(signUp.subject).not.toBe('');
    expect(signUp.text).not.toBe(change.text);
    for (const part of [signUp.text, signUp.html]) expect(part).toContain('24');
    expect(signUp.text).toContain(link);
    expect(signUp.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(signUp.html).toContain(`<html lang="${locale}">`);
  });

  it.each(LOCALES)('tells the old address in %s which address asked to replace it', (locale) => {
    const mail = emailChangeRequestedMail(locale, {
      newEmail: 'new@example.com',
      resetLink: 'https://shop.example/forgot-password',
    });

    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('new@example.com');
      expect(part).toContain('https://shop.example/forgot-password');
    }
  });

  it('escapes the new address in HTML', () => {
    const mail = emailChangeRequestedMail('en', {
      newEmail: '"><script>@example.com',
      resetLink: 'https://shop.example/forgot-password',
    });

    expect(mail.html).not.toContain('<script>');
  });
});
