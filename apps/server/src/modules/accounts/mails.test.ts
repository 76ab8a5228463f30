import { describe, expect, it } from 'vitest';
import { LOCALES } from '@pictura/contract';
import { passwordChangedMail, passwordResetMail } from './mails.js';

const link = 'https://shop.example/reset-password?email=a%40b.co&code=ABCD234567';

describe('account mails', () => {
  it.each(LOCALES)('has a reset mail in %s with the code and link in both parts', (locale) => {
    const mail = passwordResetMail(locale, { code: 'ABCD234567', link, minutes: 15 });

    expect(mail.subject).not.toBe('');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('ABCD234567');
      expect(part).toContain('15');
    }
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(mail.html).toContain(`<html lang="${locale}">`);
  });

  it('has a different text per language', () => {
    const subjects = LOCALES.map(
      (locale) => passwordChangedMail(locale, { resetLink: link }).subject,
    );

    expect(new Set(subjects).size).toBe(LOCALES.length);
  });

  it('escapes what it puts into HTML', () => {
    const mail = passwordChangedMail('en', { resetLink: 'https://x.example/?a="><script>' });

    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&quot;&gt;&lt;script&gt;');
  });
});
