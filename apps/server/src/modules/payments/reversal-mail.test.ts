// What customers read after a dispute, a provider refund or a won dispute, in their language: the
// payer hears what was taken and owed, a gift card's redeemer why its value left the balance.
import { describe, expect, it } from 'vitest';
import { reversalMail, type ReversalMailDetails } from './reversal-mail.js';

const base: ReversalMailDetails = {
  kind: 'dispute',
  role: 'payer',
  orderId: 7,
  amount: 1_000,
  currency: 'EUR',
  takenFromBalance: 0,
  debt: 600,
  givenBack: 0,
  debtCancelled: 0,
  withdrawnArtworks: 0,
  restoredArtworks: 0,
  walletLink: 'http://localhost:3000/wallet',
};

describe('reversal mails', () => {
  it("tells the buyer what is owed, with the wallet's link, in Spanish", () => {
    const mail = reversalMail('es', base);
    expect(mail.subject).toBe('Tu banco ha reclamado un pago a Pictura');
    expect(mail.text).toContain('debes 6,00');
    expect(mail.text).toContain('http://localhost:3000/wallet');
  });

  it("tells the redeemer in Japanese why the card's value left the balance", () => {
    const mail = reversalMail('ja', { ...base, role: 'redeemer', takenFromBalance: 400, debt: 0 });
    expect(mail.subject).toBe('ご利用いただいたギフトカードの代金が購入者に返金されました');
    expect(mail.text).toContain('残高から');
    expect(mail.text).not.toContain('未払い');
  });

  it('tells what a won dispute gave back, in English', () => {
    const mail = reversalMail('en', {
      ...base,
      kind: 'reinstatement',
      debt: 0,
      givenBack: 400,
      debtCancelled: 600,
      restoredArtworks: 2,
    });
    expect(mail.subject).toBe('A disputed Pictura payment was settled');
    expect(mail.text).toContain('We cancelled €6.00 of what you owed.');
    expect(mail.text).toContain('We added €4.00 back to your balance.');
    expect(mail.text).toContain('2 picture(s) of order 7 can be downloaded again.');
  });
});
