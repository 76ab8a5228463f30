import { expect, type Page } from '@playwright/test';

/** The "Confirm it is you" dialog a sensitive change opens (in English). */
export const reauthenticationDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Confirm it is you' });

/** Answers the dialog with the password; the change the person asked for then goes on. */
export async function confirmItIsYou(page: Page, password: string): Promise<void> {
  const dialog = reauthenticationDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
}
