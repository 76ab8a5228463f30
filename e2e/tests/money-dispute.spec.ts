import { apiPaths, OrderListSchema } from '@pictura/contract';
import { checkAdminPage, signInAsAdmin } from './admin-helpers';
import { newestMailTo, test } from './fixtures';
import {
  addPictureToCart,
  balanceCard,
  CARDS,
  expect,
  fillBilling,
  payOnSandbox,
  pictures,
  secondShopper,
} from './money-helpers';

// A dispute played through the sandbox from the back office (test shops only): the buyer of a gift
// card pays by card, someone else redeems it and spends part, the card network takes the payment
// back. The redeemer's balance gives what it has, the buyer owes the rest (the wallet says so, the
// mail too), the buyer finds the credit note beside the receipts, and the owner sees the dispute in
// the back office's list of disputes and the credit note on the order's page, with its PDF.

test('a disputed gift card: taken from its redeemer, the rest owed by its buyer, listed for the owner', async ({
  page,
  signedIn,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.goto('/gift-card');
  await page.getByRole('radio', { name: '€50.00' }).check();
  await page.getByRole('button', { name: 'Add gift card to cart' }).click();
  await page.getByRole('link', { name: 'Go to cart' }).click();
  await fillBilling(page);
  await page.getByRole('button', { name: 'Place order and pay', exact: true }).click();
  await payOnSandbox(page, CARDS.approve);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment successful');
  const code =
    (
      await page.getByRole('region', { name: 'Your gift card' }).locator('code').textContent()
    )?.trim() ?? '';
  const ordersAnswer = await page.request.get(apiPaths.orders, {
    headers: { authorization: `Bearer ${signedIn.tokens.accessToken}` },
  });
  const [order] = OrderListSchema.parse(await ordersAnswer.json());
  expect(order).toBeDefined();

  const cleo = await secondShopper(browser, baseURL ?? '');
  try {
    await cleo.page.goto('/wallet');
    const redeem = cleo.page.getByRole('form', { name: 'Redeem a gift card' });
    await redeem.getByLabel('Gift card code').fill(code);
    await redeem.getByRole('button', { name: 'Redeem' }).click();
    await expect(balanceCard(cleo.page, 'EUR')).toContainText('€50.00');
    // Cleo spends part of it on a picture.
    const [picture] = await pictures(cleo.page, 1);
    await addPictureToCart(cleo.page, picture?.urlName ?? '');
    await cleo.page.goto('/cart');
    await fillBilling(cleo.page);
    await cleo.page.getByRole('checkbox', { name: /Pay with my balance/ }).check();
    await cleo.page.getByRole('button', { name: 'Place order and pay with balance' }).click();
    await expect(cleo.page.getByRole('heading', { level: 1 })).toHaveText('Payment successful');

    // The owner plays the chargeback from the order's page in the back office.
    const owner = await browser.newContext({ baseURL: baseURL ?? '' });
    try {
      const admin = await owner.newPage();
      await signInAsAdmin(admin);
      await admin.goto(`/admin/orders/${order?.id ?? 0}`);
      const simulate = admin.getByRole('form', { name: 'Simulate a dispute (test shop)' });
      await simulate.getByLabel('Stage').selectOption('withdrawn');
      await simulate.getByRole('button', { name: 'Send the dispute event' }).click();
      await expect(simulate.getByRole('status')).toContainText(': applied.');
      for (const width of [390, 1280]) {
        await admin.setViewportSize({ width, height: 900 });
        // The form sits whole within the page's width, outside the events table's scroll box.
        const box = await simulate.boundingBox();
        expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(width);
        await checkAdminPage(admin, `order-simulate-dispute-${width}`);
      }

      // The order's receipt is corrected by a credit note, listed on the order's page with its PDF.
      await admin.reload();
      const orderNotes = admin.getByRole('region', { name: 'Credit notes' });
      const noteRow = orderNotes
        .getByRole('row')
        .filter({ hasText: 'Dispute: taken back by the bank' });
      await expect(noteRow).toHaveCount(1);
      await expect(noteRow).toContainText(/^No\. \d+/);
      await expect(noteRow).toContainText('€50.00');
      await expect(noteRow).toContainText(/Receipt no\. \d+/);
      // At a laptop's width (the viewport is still 1280 px) the notes fit their box: no column,
      // not the Download button, is hidden in its sideways scroll.
      const notesTable = orderNotes.getByRole('table');
      expect(
        await notesTable.evaluate(
          (table) => table.scrollWidth - (table.parentElement?.clientWidth ?? 0),
        ),
      ).toBeLessThanOrEqual(0);
      const [ownerFile] = await Promise.all([
        admin.waitForEvent('download'),
        noteRow.getByRole('button', { name: 'Download' }).click(),
      ]);
      expect(ownerFile.suggestedFilename()).toMatch(/^pictura-credit-note-\d+\.pdf$/);
      await checkAdminPage(admin, 'order-credit-notes');

      await admin.goto('/admin/orders');
      // The newest credit notes of the shop list it too, with its buyer and its order.
      const newestNotes = admin.getByRole('region', { name: 'Credit notes' });
      await expect(
        newestNotes.getByRole('row').filter({ hasText: signedIn.email }).first(),
      ).toContainText(`Order ${order?.id ?? 0}`);
      const list = admin.getByRole('region', { name: 'Disputes and provider refunds' });
      const row = list.getByRole('row').filter({ hasText: signedIn.email });
      await expect(row).toContainText('Dispute');
      await expect(row).toContainText('€50.00');
      await expect(row).toContainText('owed by the customer');
      // Nothing came in another currency; that list says so, and the page passes axe.
      await expect(
        admin.getByRole('region', { name: 'Disputes and provider refunds in another currency' }),
      ).toContainText('No disputes or provider refunds in another currency.');
      await checkAdminPage(admin, 'orders-after-dispute');
    } finally {
      await owner.close();
    }

    // The redeemer gave what was left; the buyer owes the rest, and both were told.
    await cleo.page.goto('/wallet');
    await expect(balanceCard(cleo.page, 'EUR')).toContainText('€0.00');
    await page.goto('/wallet');
    await expect(page.getByText(/^You owe €\d+\.\d\d\.$/)).toBeVisible();
    // The buyer's receipt is corrected by a credit note, listed beside the receipts, as a PDF.
    const notes = page.getByRole('region', { name: 'Credit notes' });
    await expect(notes.getByRole('listitem')).toHaveCount(1);
    await expect(notes.getByRole('listitem')).toContainText(
      /^Credit note no\. \d+, .+: €50\.00, taken back by your bank, corrects receipt no\. \d+/,
    );
    const [noteFile] = await Promise.all([
      page.waitForEvent('download'),
      notes.getByRole('button', { name: 'Download credit note' }).click(),
    ]);
    expect(noteFile.suggestedFilename()).toMatch(/^pictura-credit-note-\d+\.pdf$/);
    await checkAdminPage(page, 'wallet-credit-notes');
    const dataDir = process.env.E2E_DATA_DIR ?? '';
    expect(
      await newestMailTo(signedIn.email, dataDir, ({ subject }) =>
        subject.includes('Your bank disputed a Pictura payment'),
      ),
    ).toContain('you owe');
    expect(
      await newestMailTo(cleo.shopper.email, dataDir, ({ subject }) =>
        subject.includes('A gift card you redeemed was paid back to its buyer'),
      ),
    ).toContain('We took €');
  } finally {
    await cleo.context.close();
  }
});
