// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths, SUPPORT_TICKET_TYPES, type ProfileResponse } from '@pictura/contract';
import { i18n } from '../../../lib/i18n';
import { setTokens } from '../../../lib/session';
import { button, errorOf, fakeApi, field, json, submit, typeInto } from '../../../test/forms';
import { choose, click, renderApp, waitFor, type RenderedApp } from '../../../test/render-app';
import { resetSession } from '../../../test/session';

let app: RenderedApp | undefined;
async function open(url: string): Promise<RenderedApp> {
  app = await renderApp(url);
  return app;
}

afterEach(async () => {
  app?.unmount();
  app = undefined;
  await resetSession();
});

const PROFILE: ProfileResponse = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: null,
  city: null,
  address1: null,
  state: null,
  zipCode: null,
  currency: 'EUR',
  isAdmin: false,
  emailVerified: true,
  pendingEmail: null,
};

const value = (control: HTMLElement) => (control as HTMLInputElement).value;
const form = (container: HTMLElement) => container.querySelector<HTMLFormElement>('main form');
const statusText = (container: HTMLElement) =>
  container.querySelector('main [role="status"]')?.textContent ?? '';

/** Types into the message box the way a browser does (typeInto handles inputs only). */
async function typeMessage(container: HTMLElement, text: string) {
  const message = field(container, 'Your message') as HTMLTextAreaElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
  await act(async () => {
    setter?.call(message, text);
    message.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function fillIn(container: HTMLElement) {
  await choose(field(container, 'Topic') as HTMLSelectElement, 'TechnicalSupport');
  await typeInto(field(container, 'Your name'), ' Grace Hopper ');
  await typeInto(field(container, 'Email'), 'Grace@Example.com');
  await typeMessage(container, 'The download button does nothing.');
}

describe('contact page', () => {
  it('offers the five topics of the spec, in the active language', async () => {
    fakeApi({});
    const { container } = await open('/contact');
    const topic = field(container, 'Topic') as HTMLSelectElement;
    expect([...topic.options].map((option) => option.value)).toEqual(['', ...SUPPORT_TICKET_TYPES]);
    expect([...topic.options].map((option) => option.textContent)).toEqual([
      'Choose a topic',
      'Image generation',
      'Purchases and payment',
      'Technical support',
      'Commercial use and licences',
      'Something else',
    ]);
    await act(() => i18n.changeLanguage('ja'));
    expect(field(container, 'お問い合わせの種類')).toBe(topic);
    expect(topic.options[2]?.textContent).toBe('購入・お支払いについて');
  });

  it('checks every field before sending anything', async () => {
    const calls = fakeApi({});
    const { container } = await open('/contact');
    await typeInto(field(container, 'Email'), 'not an address');
    await submit(form(container));

    expect(errorOf(field(container, 'Topic'))).toBe('This field is required.');
    expect(errorOf(field(container, 'Your name'))).toBe('This field is required.');
    expect(errorOf(field(container, 'Email'))).toBe(
      'Enter a valid email address, such as name@example.com.',
    );
    expect(errorOf(field(container, 'Your message'))).toBe('This field is required.');
    expect(errorOf(field(container, 'Order number or image id (optional)'))).toBeNull();
    expect(calls).toEqual([]);
  });

  it('sends a signed-out ticket and shows its number', async () => {
    const calls = fakeApi({
      [apiPaths.supportCreateTicket]: () => json(200, { ticketNumber: 'K7QM-2WXP' }),
    });
    const { container } = await open('/contact');
    await fillIn(container);
    await typeInto(field(container, 'Order number or image id (optional)'), ' 1042 ');
    await submit(form(container));

    await waitFor(() =>
      expect(statusText(container)).toContain('Your ticket number is K7QM-2WXP.'),
    );
    expect(statusText(container)).toContain('We have sent a confirmation to grace@example.com');
    expect(document.activeElement?.textContent).toBe('Thank you, your message has been sent');
    expect(form(container)).toBeNull();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: apiPaths.supportCreateTicket,
        authorization: null,
        body: {
          supportTicketType: 'TechnicalSupport',
          name: 'Grace Hopper',
          email: 'grace@example.com',
          reference: '1042',
          description: 'The download button does nothing.',
        },
      },
    ]);

    await click(button(container, 'Send another message'));
    expect(value(field(container, 'Your name'))).toBe('');
    expect(document.activeElement).toBe(field(container, 'Topic'));
  });

  it('fills in a signed-in user’s email and name and sends the token', async () => {
    setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    const calls = fakeApi({
      [apiPaths.accountsProfile]: () => json(200, PROFILE),
      [apiPaths.supportCreateTicket]: () => json(200, { ticketNumber: 'ABCD-2345' }),
    });
    const { container } = await open('/contact');
    await waitFor(() => expect(value(field(container, 'Email'))).toBe('ada@example.com'));
    expect(value(field(container, 'Your name'))).toBe('Ada Lovelace');
    expect(container.textContent).toContain('we will link this message to your account');

    await choose(field(container, 'Topic') as HTMLSelectElement, 'Other');
    await typeMessage(container, 'Please delete my old billing address.');
    await submit(form(container));

    await waitFor(() => expect(statusText(container)).toContain('ABCD-2345'));
    const sent = calls.find((call) => call.path === apiPaths.supportCreateTicket);
    expect(sent?.authorization).toBe('Bearer access-1');
    expect(sent?.body).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace' });
  });

  it('puts the server’s field errors on their fields and says when there were too many', async () => {
    let answer = json(400, {
      errors: { description: 'Too small: expected string to have >=10 characters' },
    });
    fakeApi({ [apiPaths.supportCreateTicket]: () => answer });
    const { container } = await open('/contact');
    await fillIn(container);
    await submit(form(container));
    await waitFor(() =>
      expect(errorOf(field(container, 'Your message'))).toBe(
        'Too small: expected string to have >=10 characters',
      ),
    );

    answer = json(429, { errors: { '': 'Too many requests.' } });
    await submit(form(container));
    await waitFor(() =>
      expect(container.querySelector('main [role="alert"]')?.textContent).toBe(
        'Too many requests.',
      ),
    );
    expect(statusText(container)).toBe('');
  });

  it('takes the topic and reference from the address, ignoring an unknown topic', async () => {
    fakeApi({});
    const { container } = await open('/contact?topic=PurchasePaymentIssues&reference=1042');
    expect(value(field(container, 'Topic'))).toBe('PurchasePaymentIssues');
    expect(value(field(container, 'Order number or image id (optional)'))).toBe('1042');
    app?.unmount();

    const other = await open('/contact?topic=Refunds');
    expect(value(field(other.container, 'Topic'))).toBe('');
  });
});
