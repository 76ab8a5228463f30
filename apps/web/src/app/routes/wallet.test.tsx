// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPathTo, apiPaths, type DepositRequest, type LedgerEntry } from '@pictura/contract';
import { PAYMENT_LINK_STORAGE_KEY } from '../../features/checkout/checkout-store';
import { paymentNavigation } from '../../features/checkout/payment-navigation';
import {
  installFakeMoneyApi,
  json,
  PROFILE,
  type FakeMoneyApi,
} from '../../features/checkout/testing/fake-money-api';
import { accountStore } from '../../lib/account-store';
import { setCurrency } from '../../lib/currency';
import { clearTokens, setTokens } from '../../lib/session';
import { errorOf } from '../../test/forms';
import { renderApp, tableRows, type RenderedApp } from '../../test/render-app';

const user = userEvent.setup({ delay: null });

let app: RenderedApp | undefined;
let api: FakeMoneyApi;
let opened: string[];

beforeEach(() => {
  api = installFakeMoneyApi();
  opened = [];
  vi.spyOn(paymentNavigation, 'open').mockImplementation((link) => void opened.push(link));
});

afterEach(() => {
  app?.unmount();
  app = undefined;
  setCurrency('EUR');
  localStorage.clear();
  sessionStorage.clear();
  clearTokens();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function openSignedIn(url = '/wallet'): Promise<RenderedApp> {
  setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  app = await renderApp(url);
  return app;
}

const main = (container: HTMLElement) => within(container).getByRole('main');
const region = (container: HTMLElement, name: string) =>
  within(main(container)).getByRole('region', { name });
const depositForm = (container: HTMLElement) =>
  within(main(container)).getByRole('form', { name: 'Top up your balance' });
const redeemForm = (container: HTMLElement) =>
  within(main(container)).getByRole('form', { name: 'Redeem a gift card' });
const deposit = (container: HTMLElement) =>
  user.click(within(depositForm(container)).getByRole('button', { name: 'Continue to payment' }));
const redeem = (container: HTMLElement) =>
  user.click(within(redeemForm(container)).getByRole('button', { name: 'Redeem' }));
/** The deposit form once the saved billing details (Ada's) have filled it. */
const billingPrefilled = (container: HTMLElement) =>
  waitFor(() =>
    expect((within(container).getByLabelText('First name') as HTMLInputElement).value).toBe('Ada'),
  );
const typeAmount = async (container: HTMLElement, amount: string) => {
  const field = within(container).getByLabelText('Amount (€)');
  await user.clear(field);
  await user.type(field, amount);
};
const agreeToTerms = (container: HTMLElement) =>
  user.click(
    within(container).getByLabelText('I agree to the privacy policy and the terms and conditions.'),
  );
const balanceCards = (container: HTMLElement) =>
  within(region(container, 'Your balances'))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

const entry = (id: number, amount: number, balanceAfter: number, kind: LedgerEntry['kind']) =>
  ({
    id,
    currency: 'EUR',
    amount,
    balanceAfter,
    kind,
    reference: `${kind}:${id}`,
    createdAt: new Date(Date.UTC(2025, 2, id)).toISOString(),
  }) satisfies LedgerEntry;

describe('/wallet signed out', () => {
  it('explains the wallet and offers to log in, coming back here', async () => {
    app = await renderApp('/wallet');
    const { container } = app;
    // The page's code may still be loading on a cold start of the test file.
    await waitFor(() => expect(main(container).textContent).toContain('Your balance on Pictura'));
    const login = within(main(container)).getByRole('link', { name: 'Log in to see your wallet' });
    expect(login.getAttribute('href')).toBe('/login?returnUrl=%2Fwallet');
    expect(api.calls).toEqual([]);
  });
});

describe('/wallet signed in', () => {
  it('shows the balance in each currency, the chosen one first', async () => {
    api.state.balances = { EUR: 5000, USD: 1234 };
    const { container } = await openSignedIn();
    await waitFor(() =>
      expect(balanceCards(container)).toEqual([
        'Balance in EUR (€) · used at checkout€50.00',
        'Balance in USD ($)$12.34',
      ]),
    );
    expect(accountStore.get().balance).toEqual({ currency: 'EUR', amount: 5000 });
  });

  it('says what is owed after a dispute, in the section of the balances, and nothing when nothing is', async () => {
    api.state.balances = { EUR: 0, USD: 1234 };
    api.state.debts = [{ currency: 'EUR', amount: 500 }];
    const { container } = await openSignedIn();
    const balances = () => region(container, 'Your balances').textContent;
    await waitFor(() => expect(balances()).toContain('You owe €5.00.'));
    expect(balances()).toContain('Your next top-up or gift card in EUR (€) pays this first');

    app?.unmount();
    api.state.debts = [];
    const again = await openSignedIn();
    await waitFor(() => expect(api.callsTo(apiPaths.balanceDebt)).toHaveLength(2));
    expect(main(again.container).textContent).not.toContain('You owe');
  });

  it('puts balances, then redemption, then deposit, history and receipts, each a titled section linked from the top and the header balance', async () => {
    api.state.balances = { EUR: 5000, USD: 1234 };
    const { container } = await openSignedIn();
    const headerBalance = () =>
      within(within(container).getAllByRole('banner')[0]!).queryByRole('link', {
        name: 'Balance: €50.00, go to your wallet',
      });
    await waitFor(() => expect(headerBalance()?.textContent).toBe('€50.00'));
    expect(headerBalance()?.getAttribute('href')).toBe('/wallet');

    const headings = within(main(container))
      .getAllByRole('heading', { level: 2 })
      .map((h2) => h2.textContent);
    expect(headings).toEqual([
      'Your balances',
      'Redeem a gift card',
      'Top up your balance',
      'History (EUR)',
      'Receipts',
      'Credit notes',
    ]);
    expect(within(redeemForm(container)).getAllByRole('textbox')).toHaveLength(1);

    const sections = within(main(container)).getByRole('navigation', { name: 'In your wallet' });
    // Each link's target, found as the browser finds a fragment: by its id.
    const targets = within(sections)
      .getAllByRole('link')
      .map((link) => [
        link.textContent,
        document.getElementById(link.getAttribute('href')?.slice(1) ?? '')?.textContent,
      ]);
    expect(targets).toEqual([
      ['Your balances', 'Your balances'],
      ['Redeem a gift card', 'Redeem a gift card'],
      ['Top up your balance', 'Top up your balance'],
      ['History', 'History (EUR)'],
      ['Receipts', 'Receipts'],
      ['Credit notes', 'Credit notes'],
    ]);
  });

  it('says when a balance cannot be loaded; the account store holds null then', async () => {
    api.state.balances = { EUR: null, USD: 0 };
    const { container } = await openSignedIn();
    await waitFor(() =>
      expect(balanceCards(container)[0]).toContain('Your balance could not be loaded.'),
    );
    expect(accountStore.get().balance).toBeNull();
    api.state.balances.EUR = 700;
    await user.click(within(main(container)).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(balanceCards(container)[0]).toContain('€7.00'));
  });

  it('checks the deposit amount against the limits before sending anything', async () => {
    const { container } = await openSignedIn();
    await billingPrefilled(container);
    await agreeToTerms(container);
    const amount = within(container).getByLabelText('Amount (€)');

    await user.clear(amount);
    await user.type(amount, 'fifty');
    await deposit(container);
    expect(errorOf(amount)).toBe('Enter an amount such as 50 or 12.50.');
    await user.clear(amount);
    await user.type(amount, '4.99');
    await deposit(container);
    expect(errorOf(amount)).toBe('Enter an amount between €5.00 and €1,000.00.');
    expect(api.callsTo(apiPaths.balanceDeposit)).toEqual([]);
  });

  it('starts a deposit with an idempotency key, then stores and opens the payment link', async () => {
    const { container } = await openSignedIn();
    await billingPrefilled(container);
    await typeAmount(container, '50');
    await agreeToTerms(container);
    await deposit(container);

    await waitFor(() => expect(opened).toEqual(['http://localhost/api/payments/sandbox/d-1']));
    const [call] = api.callsTo(apiPaths.balanceDeposit, 'POST');
    expect(call?.body).toMatchObject({
      depositAmount: 5000,
      currency: 'EUR',
      firstName: 'Ada',
      country: 'GB',
      agreedToPP_TOS: true,
      javascriptEnabled: true,
    } satisfies Partial<DepositRequest>);
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(sessionStorage.getItem(PAYMENT_LINK_STORAGE_KEY)).toBe(
      'http://localhost/api/payments/sandbox/d-1',
    );
  });

  it('retries a deposit whose answer failed with the same key, and a new amount with a new one', async () => {
    let answers = 0;
    api.on(`POST ${apiPaths.balanceDeposit}`, () => {
      answers += 1;
      // A gateway between browser and shop gave up: the deposit may exist.
      if (answers === 1) return json(504);
      return json(200, { paymentLink: 'http://localhost/api/payments/sandbox/d-2' });
    });
    const { container } = await openSignedIn();
    await billingPrefilled(container);
    await typeAmount(container, '50');
    await agreeToTerms(container);

    await deposit(container);
    await waitFor(() =>
      expect(main(container).textContent).toContain('An unexpected server error occurred.'),
    );
    await deposit(container);
    await waitFor(() => expect(opened).toHaveLength(1));
    await typeAmount(container, '60');
    await deposit(container);
    await waitFor(() => expect(opened).toHaveLength(2));

    const [failed, retried, another] = api
      .callsTo(apiPaths.balanceDeposit, 'POST')
      .map((call) => call.headers.get('Idempotency-Key'));
    expect(retried).toBe(failed);
    expect(another).not.toBe(failed);
  });

  it('keeps the address typed for a deposit as the profile when the save box is ticked', async () => {
    api.state.profile = { ...PROFILE, country: null, city: null, address1: null, zipCode: null };
    const { container } = await openSignedIn();
    await billingPrefilled(container);
    const save = within(container).getByLabelText('Save these details to my account for next time');
    expect((save as HTMLInputElement).checked).toBe(true);
    await typeAmount(container, '20');
    await user.selectOptions(
      within(container).getByLabelText('Country') as HTMLSelectElement,
      'ES',
    );
    await user.clear(within(container).getByLabelText('Address'));
    await user.type(within(container).getByLabelText('Address'), 'Calle Mayor 1');
    await user.clear(within(container).getByLabelText('City'));
    await user.type(within(container).getByLabelText('City'), 'Madrid');
    await user.clear(within(container).getByLabelText('Postal code'));
    await user.type(within(container).getByLabelText('Postal code'), '28013');
    await agreeToTerms(container);

    await deposit(container);

    await waitFor(() => expect(opened).toHaveLength(1));
    expect(api.callsTo(apiPaths.accountsUpdateBilling, 'POST').map((call) => call.body)).toEqual([
      { country: 'ES', city: 'Madrid', address1: 'Calle Mayor 1', zipCode: '28013' },
    ]);
    expect(api.state.profile).toMatchObject({ country: 'ES', city: 'Madrid' });
  });

  it('redeems a gift card: a wrong code on its field, then the new balance', async () => {
    let valid = false;
    api.on(`POST ${apiPaths.balanceGiftCard}`, () => {
      if (!valid) return json(400, { errors: { giftCardNumber: 'Gift card not found' } });
      api.state.balances.EUR = 7500;
      return json(200, { currency: 'EUR', amount: 7500 });
    });
    api.state.balances.EUR = 5000;
    const { container } = await openSignedIn();
    await waitFor(() => expect(balanceCards(container)[0]).toContain('€50.00'));
    const code = within(container).getByLabelText('Gift card code');

    await redeem(container);
    await waitFor(() => expect(errorOf(code)).toBe('This field is required.'));
    await user.clear(code);
    await user.type(code, 'WRONG-CODE');
    await redeem(container);
    await waitFor(() =>
      expect(errorOf(code)).toBe('This code is not valid or has already been redeemed.'),
    );

    valid = true;
    await user.clear(code);
    await user.type(code, 'GOOD-CODE');
    await redeem(container);
    await waitFor(() =>
      expect(within(redeemForm(container)).queryAllByRole('status')[0]?.textContent).toBe(
        'Gift card redeemed. Your balance is now €75.00.',
      ),
    );
    expect(api.callsTo(apiPaths.balanceGiftCard).at(-1)?.body).toEqual({
      giftCardNumber: 'GOOD-CODE',
    });
    await waitFor(() => expect(balanceCards(container)[0]).toContain('€75.00'));
    expect((code as HTMLInputElement).value).toBe('');
  });

  it('says so when redeeming is refused for too many attempts', async () => {
    api.on(`POST ${apiPaths.balanceGiftCard}`, () => json(429));
    const { container } = await openSignedIn();
    await user.clear(within(container).getByLabelText('Gift card code'));
    await user.type(within(container).getByLabelText('Gift card code'), 'ANY');
    await redeem(container);
    await waitFor(() =>
      expect(within(redeemForm(container)).queryAllByRole('alert')[0]?.textContent).toBe(
        'Too many requests.',
      ),
    );
  });

  it('lists the history of the chosen currency, signed and translated, and loads older entries', async () => {
    api.state.history.EUR = [
      {
        entries: [entry(3, -1500, 3500, 'order'), entry(2, 2500, 5000, 'giftCard')],
        nextBefore: 2,
      },
      { entries: [entry(1, 2500, 2500, 'deposit')], nextBefore: null },
    ];
    const { container } = await openSignedIn();
    const history = await within(main(container)).findByRole('region', { name: 'History (EUR)' });
    const rows = () => tableRows(history);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()).toEqual([
      ['Mar 3, 2025', 'Order', '-€15.00', '€35.00'],
      ['Mar 2, 2025', 'Gift card redeemed', '+€25.00', '€50.00'],
    ]);
    await user.click(within(main(container)).getByRole('button', { name: 'Show older movements' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[2]).toEqual(['Mar 1, 2025', 'Deposit', '+€25.00', '€25.00']);
    expect(api.callsTo(apiPaths.balanceHistory).at(-1)?.query.get('Before')).toBe('2');
    expect(() =>
      within(main(container)).getByRole('button', { name: 'Show older movements' }),
    ).toThrow();
  });
});

describe('/wallet receipts', () => {
  it("lists the deposits' receipts and downloads one as a PDF; says when there are none", async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:receipt'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (this.download) saved.push(this.download);
    });
    api.state.depositReceipts = [
      {
        number: 7,
        issuedAt: new Date(Date.UTC(2025, 2, 4)).toISOString(),
        amount: { amount: 2500, currency: 'EUR' },
        url: apiPathTo.depositReceipt(7),
      },
    ];
    api.on(
      `GET ${apiPathTo.depositReceipt(7)}`,
      () =>
        new Response('%PDF-1.3', {
          status: 200,
          headers: { 'Content-Type': 'application/pdf' },
        }),
    );
    const { container } = await openSignedIn();
    const section = () => region(container, 'Receipts');
    await waitFor(() =>
      expect(section().textContent).toContain('Receipt no. 7, Mar 4, 2025: €25.00'),
    );
    await user.click(within(section()).getByRole('button', { name: 'Download receipt' }));
    await waitFor(() => expect(saved).toEqual(['pictura-receipt-7.pdf']));
    expect(api.callsTo(apiPathTo.depositReceipt(7))[0]?.headers.get('Authorization')).toBe(
      'Bearer access-1',
    );
  });

  it('says when there are no receipts yet', async () => {
    const { container } = await openSignedIn();
    await waitFor(() =>
      expect(main(container).textContent).toContain(
        'No receipts yet: they appear here once a top-up is credited.',
      ),
    );
  });
});

describe('/wallet credit notes', () => {
  const section = (container: HTMLElement) => region(container, 'Credit notes');

  it('lists each with its number, date, amount and the receipt it corrects, and downloads one', async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:note'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (this.download) saved.push(this.download);
    });
    api.state.creditNotes = [
      {
        number: 4,
        issuedAt: new Date(Date.UTC(2026, 5, 10)).toISOString(),
        receiptNumber: 9,
        orderId: 3,
        reason: 'disputeWon',
        cancels: 3,
        amount: { amount: 900, currency: 'EUR' },
        url: apiPathTo.creditNote(4),
      },
      {
        number: 3,
        issuedAt: new Date(Date.UTC(2026, 4, 5)).toISOString(),
        receiptNumber: 9,
        orderId: 3,
        reason: 'dispute',
        cancels: null,
        amount: { amount: 900, currency: 'EUR' },
        url: apiPathTo.creditNote(3),
      },
    ];
    api.on(
      `GET ${apiPathTo.creditNote(3)}`,
      () =>
        new Response('%PDF-1.3', {
          status: 200,
          headers: { 'Content-Type': 'application/pdf' },
        }),
    );
    const { container } = await openSignedIn();
    const notes = () => within(section(container)).queryAllByRole('listitem');
    await waitFor(() => expect(notes()).toHaveLength(2));
    // Each note's text, without its download button's.
    const items = notes().map((item) => within(item).getByText(/^Credit note no\./).textContent);
    expect(items).toEqual([
      'Credit note no. 4, Jun 10, 2026: €9.00 charged again, cancels credit note no. 3 of receipt no. 9',
      'Credit note no. 3, May 5, 2026: €9.00, taken back by your bank, corrects receipt no. 9',
    ]);
    await user.click(within(notes()[1]!).getByRole('button'));
    await waitFor(() => expect(saved).toEqual(['pictura-credit-note-3.pdf']));
    expect(api.callsTo(apiPathTo.creditNote(3))[0]?.headers.get('Authorization')).toBe(
      'Bearer access-1',
    );
  });

  it('says when there are none, and when they cannot be loaded', async () => {
    const empty = await openSignedIn();
    await waitFor(() =>
      expect(section(empty.container).textContent).toContain(
        'No credit notes: they appear here if a payment is refunded or taken back.',
      ),
    );
    app?.unmount();
    api.on(`GET ${apiPaths.balanceCreditNotes}`, () => json(404));
    const failed = await openSignedIn();
    await waitFor(() =>
      expect(within(section(failed.container)).queryAllByRole('alert')[0]?.textContent).toContain(
        'Your credit notes could not be loaded.',
      ),
    );
  });
});
