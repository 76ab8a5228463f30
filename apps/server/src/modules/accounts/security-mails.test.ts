import { describe, expect, it } from 'vitest';
import { LOCALES } from '@pictura/contract';
import { securityChangedMail, type SecurityChange } from './security-mails.js';

const links = {
  resetLink: 'https://shop.example/forgot-password',
  settingsLink: 'https://shop.example/account-settings',
};
const CHANGES: SecurityChange[] = [
  { kind: 'twoStepOn' },
  { kind: 'twoStepOff' },
  { kind: 'passkeyAdded', passkeyName: 'Phone' },
  { kind: 'passkeyRemoved', passkeyName: 'Phone' },
];

describe('mails about how an account signs in', () => {
  it.each(LOCALES)('says each change in %s in its own words, with both links', (locale) => {
    const mails = CHANGES.map((change) => securityChangedMail(locale, change, links));

    expect(new Set(mails.map((mail) => mail.subject)).size).toBe(CHANGES.length);
    expect(new Set(mails.map((mail) => mail.text)).size).toBe(CHANGES.length);
    for (const mail of mails) {
      expect(mail.html).toContain(`<html lang="${locale}">`);
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain(links.resetLink);
        expect(part).toContain(links.settingsLink);
      }
    }
    for (const mail of mails.slice(2)) expect(mail.text).toContain('Phone');
  });

  it('has a different text per language', () => {
    const subjects = LOCALES.map(
      (locale) => securityChangedMail(locale, { kind: 'twoStepOn' }, links).subject,
    );

    expect(new Set(subjects).size).toBe(LOCALES.length);
  });
});
