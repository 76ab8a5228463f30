import type { Page } from '@playwright/test';
import { SUPPORT_TICKET_NUMBER_PATTERN } from '@pictura/contract';
import { expect, newestMailTo, newUser, test } from './fixtures';

// A support ticket sent through /contact, signed out and signed in, with its confirmation.

const main = (page: Page) => page.getByRole('main');
const ticketNumberIn = (text: string) =>
  new RegExp(SUPPORT_TICKET_NUMBER_PATTERN.source.slice(1, -1)).exec(text)?.[0] ?? '';

test('a signed-out visitor sends a ticket and gets its number on screen and by mail', async ({
  page,
  consoleErrors,
}) => {
  const { email } = newUser();
  await page.goto('/contact');
  const form = main(page);
  await form.getByLabel('Topic').selectOption({ label: 'Purchases and payment' });
  await form.getByLabel('Your name').fill('Grace Hopper');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Order number or image id (optional)').fill('1042');
  await form.getByLabel('Your message').fill('I paid but the order still says pending.');
  await form.getByRole('button', { name: 'Send message' }).click();

  const result = main(page).getByRole('status');
  await expect(
    result.getByRole('heading', { name: 'Thank you, your message has been sent' }),
  ).toBeFocused();
  await expect(result).toContainText(`We have sent a confirmation to ${email}`);
  const ticketNumber = ticketNumberIn((await result.textContent()) ?? '');
  expect(ticketNumber).toMatch(SUPPORT_TICKET_NUMBER_PATTERN);

  const mail = await newestMailTo(email, process.env.E2E_DATA_DIR ?? '');
  expect(mail).toContain(`Your ticket number: ${ticketNumber}`);
  expect(mail).toContain('Topic: Purchases and payment');
  expect(consoleErrors).toEqual([]);
});

test('a signed-in user finds the email filled in and sends a ticket', async ({
  page,
  signedIn,
  consoleErrors,
}) => {
  await page.goto('/contact');
  const form = main(page);
  await expect(form.getByLabel('Email')).toHaveValue(signedIn.email);
  await expect(form.getByText('we will link this message to your account')).toBeVisible();
  await form.getByLabel('Topic').selectOption('ImageGeneration');
  await form.getByLabel('Your name').fill('Ada Lovelace');
  await form.getByLabel('Your message').fill('My picture stayed at 90 % for ten minutes.');
  await form.getByRole('button', { name: 'Send message' }).click();

  await expect(main(page).getByRole('status')).toContainText(/Your ticket number is \S+\./);
  const mail = await newestMailTo(signedIn.email, process.env.E2E_DATA_DIR ?? '');
  expect(mail).toContain('Topic: Image generation');

  await main(page).getByRole('button', { name: 'Send another message' }).click();
  await expect(form.getByLabel('Topic')).toBeFocused();
  await expect(form.getByLabel('Email')).toHaveValue(signedIn.email);
  expect(consoleErrors).toEqual([]);
});
