import { apiPaths } from '@pictura/contract';
import { expect, newestMailTo, newUser, test } from './fixtures';
import { checkAdminPage, signInAsAdmin } from './admin-helpers';

// The back office in the browser: an admin answers a ticket by mail and closes it; the
// sales and audit pages; none of these pages has a serious accessibility violation.

test('an admin answers a ticket by mail, then closes it', async ({ page, request }) => {
  const { email } = newUser();
  const sent = await request.post(apiPaths.supportCreateTicket, {
    headers: { cookie: 'i18next=es' },
    data: {
      email,
      name: 'Lucía Pérez',
      supportTicketType: 'ImageGeneration',
      description: 'Mi imagen generada no aparece en la lista.',
    },
  });
  expect(sent.status()).toBe(200);
  const { ticketNumber } = (await sent.json()) as { ticketNumber: string };

  await signInAsAdmin(page);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Support tickets' })
    .click();
  await page.getByLabel('Status').selectOption('open');
  await page.getByLabel('Search').fill(email);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/status=open/);
  await checkAdminPage(page, 'tickets');
  await page.getByRole('link', { name: ticketNumber }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ticket ${ticketNumber}`);
  await expect(page.getByText('Mi imagen generada no aparece en la lista.')).toBeVisible();
  await checkAdminPage(page, 'ticket');

  const answer = 'Hola Lucía: ya está en «Mis imágenes». ¡Gracias por avisar!';
  await page.getByLabel('Your answer').fill(answer);
  await page.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByText('The answer was sent.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: answer })).toBeVisible();
  await expect(page.getByText(/changed it from Open to Answered/)).toBeVisible();

  // The reply's mail goes out from the job worker's outbox after the answer: until then the newest
  // mail to the customer is the ticket's confirmation.
  const newestMail = () => newestMailTo(email, process.env.E2E_DATA_DIR ?? '');
  await expect.poll(newestMail, { timeout: 30_000 }).toContain(answer);
  expect(await newestMail()).toContain(`consulta ${ticketNumber}`);

  await page.getByLabel('New status').selectOption('closed');
  await page.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByText(/changed it from Answered to Closed/)).toBeVisible();

  await page.getByRole('link', { name: 'All tickets' }).click();
  // Wait for the list: until it replaces the ticket, "Status" also names the ticket's status section.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support tickets');
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('closed');
  await page.getByLabel('Search').fill(ticketNumber);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('row').filter({ hasText: ticketNumber })).toContainText('Closed');

  await page.goto('/admin/audit?entity=supportTicket');
  await expect(page.getByRole('row').filter({ hasText: ticketNumber })).toHaveCount(2);
  await checkAdminPage(page, 'audit');
});

test('the sales page charts revenue per currency and lists the figures per day', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/admin/sales');
  await expect(page.getByRole('img', { name: /^Revenue per day in EUR/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Revenue per day in USD/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Generations per day/ })).toBeVisible();
  const days = page.getByRole('table', { name: 'Figures per day' });
  // The last 30 days, a header row above them.
  await expect(days.getByRole('row')).toHaveCount(31);
  await expect(page.getByRole('heading', { name: 'VAT per country and month' })).toBeVisible();
  await checkAdminPage(page, 'sales');

  await page.getByLabel('From', { exact: true }).fill('2025-03-01');
  await page.getByLabel('To', { exact: true }).fill('2025-03-07');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/from=2025-03-01&to=2025-03-07/);
  await expect(days.getByRole('row')).toHaveCount(8);
  await expect(page.getByText('No offers were sold in this period.')).toBeVisible();
  await expect(page.getByText('No VAT in this range.')).toBeVisible();
});

test('a customer does not see the back office', async ({ page, signedIn }) => {
  expect(signedIn.email).toContain('@');
  for (const path of ['/admin/tickets', '/admin/sales', '/admin/audit']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Page Not Found: ${path}`);
  }
});
