// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths, SUPPORT_TICKET_TYPES, type ProfileResponse } from '@pictura/contract';
import { i18n } from '../../../lib/i18n';
import { setTokens } from '../../../lib/session';
import { errorOf, fakeApi, json } from '../../../test/forms';
import { renderApp, type RenderedApp } from '../../../test/render-app';
import { resetSession } from '../../../test/session';

const user = userEvent.setup({ delay: null });

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
const main = (container: HTMLElement) => within(within(container).getByRole('main'));
const send = (container: HTMLElement) =>
  user.click(main(container).getByRole('button', { name: 'Send message' }));
const statusText = (container: HTMLElement) =>
  main(container).queryAllByRole('status')[0]?.textContent ?? '';

async function typeMessage(container: HTMLElement, text: string) {
  const message = within(container).getByLabelText('Your message');
  await user.clear(message);
  await user.type(message, text);
}

async function fillIn(container: HTMLElement) {
  await user.selectOptions(
    within(container).getByLabelText('Topic') as HTMLSelectElement,
    'TechnicalSupport',
  );
  await user.clear(within(container).getByLabelText('Your name'));
  await user.type(within(container).getByLabelText('Your name'), ' Grace Hopper ');
  await user.clear(within(container).getByLabelText('Email'));
  await user.type(within(container).getByLabelText('Email'), 'Grace@Example.com');
  await typeMessage(container, 'The download button does nothing.');
}

describe('contact page', () => {
  it('offers the five topics of the spec, in the active language', async () => {
    fakeApi({});
    const { container } = await open('/contact');
    const topic = within(container).getByLabelText('Topic') as HTMLSelectElement;
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
    expect(within(container).getByLabelText('お問い合わせの種類')).toBe(topic);
    expect(topic.options[2]?.textContent).toBe('購入・お支払いについて');
  });

  it('checks every field before sending anything', async () => {
    const calls = fakeApi({});
    const { container } = await open('/contact');
    await user.clear(within(container).getByLabelText('Email'));
    await user.type(within(container).getByLabelText('Email'), 'not an address');
    await send(container);

    await waitFor(() =>
      expect(errorOf(within(container).getByLabelText('Topic'))).toBe('This field is required.'),
    );
    expect(errorOf(within(container).getByLabelText('Your name'))).toBe('This field is required.');
    expect(errorOf(within(container).getByLabelText('Email'))).toBe(
      'Enter a valid email address, such as name@example.com.',
    );
    expect(errorOf(within(container).getByLabelText('Your message'))).toBe(
      'This field is required.',
    );
    expect(
      errorOf(within(container).getByLabelText('Order number or image id (optional)')),
    ).toBeNull();
    expect(calls).toEqual([]);
  });

  it('sends a signed-out ticket and shows its number', async () => {
    const calls = fakeApi({
      [apiPaths.supportCreateTicket]: () => json(200, { ticketNumber: 'K7QM-2WXP' }),
    });
    const { container } = await open('/contact');
    await fillIn(container);
    await user.clear(within(container).getByLabelText('Order number or image id (optional)'));
    await user.type(
      within(container).getByLabelText('Order number or image id (optional)'),
      ' 1042 ',
    );
    await send(container);

    await waitFor(() =>
      expect(statusText(container)).toContain('Your ticket number is K7QM-2WXP.'),
    );
    expect(statusText(container)).toContain('We have sent a confirmation to grace@example.com');
    expect(document.activeElement?.textContent).toBe('Thank you, your message has been sent');
    expect(main(container).queryByRole('button', { name: 'Send message' })).toBeNull();
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

    await user.click(within(container).getByRole('button', { name: 'Send another message' }));
    expect(value(within(container).getByLabelText('Your name'))).toBe('');
    expect(document.activeElement).toBe(within(container).getByLabelText('Topic'));
  });

  it('fills in a signed-in user’s email and name and sends the token', async () => {
    setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    const calls = fakeApi({
      [apiPaths.accountsProfile]: () => json(200, PROFILE),
      [apiPaths.supportCreateTicket]: () => json(200, { ticketNumber: 'ABCD-2345' }),
    });
    const { container } = await open('/contact');
    await waitFor(() =>
      expect(value(within(container).getByLabelText('Email'))).toBe('ada@example.com'),
    );
    expect(value(within(container).getByLabelText('Your name'))).toBe('Ada Lovelace');
    expect(container.textContent).toContain('we will link this message to your account');

    await user.selectOptions(
      within(container).getByLabelText('Topic') as HTMLSelectElement,
      'Other',
    );
    await typeMessage(container, 'Please delete my old billing address.');
    await send(container);

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
    await send(container);
    await waitFor(() =>
      expect(errorOf(within(container).getByLabelText('Your message'))).toBe(
        'Too small: expected string to have >=10 characters',
      ),
    );

    answer = json(429, { errors: { '': 'Too many requests.' } });
    await send(container);
    await waitFor(() =>
      expect(main(container).queryAllByRole('alert')[0]?.textContent).toBe('Too many requests.'),
    );
    expect(statusText(container)).toBe('');
  });

  it('takes the topic and reference from the address, ignoring an unknown topic', async () => {
    fakeApi({});
    const { container } = await open('/contact?topic=PurchasePaymentIssues&reference=1042');
    expect(value(within(container).getByLabelText('Topic'))).toBe('PurchasePaymentIssues');
    expect(value(within(container).getByLabelText('Order number or image id (optional)'))).toBe(
      '1042',
    );
    app?.unmount();

    const other = await open('/contact?topic=Refunds');
    expect(value(within(other.container).getByLabelText('Topic'))).toBe('');
  });
});
