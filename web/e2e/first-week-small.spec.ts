import { expect, test } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { gotoWithoutChat, signInWithCookies } from './support/records';

// The small things a new team met in its first week: a toast over Break Buddy's header on a desk, a push "toast" on
// opening Settings, ISO dates in the import preview, and an "Add Leave" title over an "Add leave" button.
test.use({ timezoneId: 'UTC' });

const DESK = { width: 1366, height: 900 };

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === 'desktop') await page.setViewportSize(DESK);
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('a toast keeps clear of Break Buddy’s open window and its header', async ({ page, context, request, baseURL }, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const account = uniqueAccount(testInfo, 'toast');
  await createVerifiedAccount(request, account);
  await signInWithCookies(context, request, baseURL!, account);

  // From 768 px Break Buddy starts open, docked in its column; on a phone it floats once opened.
  await page.goto('/settings');
  if (phone) await page.getByRole('button', { name: /^Open Break Buddy/ }).click();
  const buddy = page.getByRole('region', { name: 'Break Buddy' });
  await expect(buddy).toBeVisible();
  const header = buddy.getByRole('heading', { name: 'Break Buddy' }).locator('xpath=../..');
  const profile = page.getByRole('form', { name: 'Profile' });
  await profile.getByLabel('Name').fill(`${account.name} B`);
  // The floating window may lie over the form's button on a phone: the field's Enter sends the form.
  await profile.getByLabel('Name').press('Enter');
  const toast = page.locator('body > [aria-live="polite"]').filter({ hasText: 'Your profile has been updated.' }).locator('> div').first();
  await expect(toast).toBeVisible();
  const [toastBox, headerBox, windowBox] = await Promise.all([toast.boundingBox(), header.boundingBox(), buddy.boundingBox()]);
  expect(toastBox && headerBox && windowBox).toBeTruthy();
  expect(overlaps(toastBox!, headerBox!), `toast ${JSON.stringify(toastBox)} over the header ${JSON.stringify(headerBox)}`).toBe(false);
  expect(overlaps(toastBox!, windowBox!), `toast ${JSON.stringify(toastBox)} over the window ${JSON.stringify(windowBox)}`).toBe(false);
  // At the top of the screen: on a desk at the right of the page, beside the window's column.
  expect(toastBox!.y).toBeLessThan(100);
  if (!phone) expect(toastBox!.x + toastBox!.width).toBeLessThanOrEqual(windowBox!.x);
});

test('opening Settings shows the device’s push state in its section, with no notification', async ({ page, context, request, baseURL }, testInfo) => {
  const account = uniqueAccount(testInfo, 'push');
  await createVerifiedAccount(request, account);
  await signInWithCookies(context, request, baseURL!, account);

  await gotoWithoutChat(page, '/settings');
  const card = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Notifications', exact: true }) });
  const state = card.getByTestId('push-device-state');
  await expect(state).toHaveText(/^Push is (off on this device|not set up on this server)/);
  await expect(state).toBeVisible();
  // Nothing is announced or floats for it: the toasts' region stays empty, and no status message says it.
  const toasts = page.locator('body > [aria-live="polite"]');
  await page.waitForTimeout(1000);
  await expect(toasts).toHaveText('');
  await expect(page.getByRole('status').filter({ hasText: /Push is/ })).toHaveCount(0);
  await expect(state).not.toHaveAttribute('aria-live', 'polite');
});

test('the import preview writes its dates as DD/MM/YYYY', async ({ page, context, request, baseURL }, testInfo) => {
  const account = uniqueAccount(testInfo, 'importdates');
  await createVerifiedAccount(request, account);
  await signInWithCookies(context, request, baseURL!, account);

  await gotoWithoutChat(page, '/settings');
  const section = page.getByRole('heading', { level: 2, name: 'Import' }).locator('xpath=ancestor::section[1]');
  await section.getByLabel('Source').selectOption('generic');
  const csv = ['kind,date,start,end,type,note', 'work,2025-03-06,08:00,12:00,,Planning', 'leave,2025-03-24,,2025-03-28,Vacation,Family visit'].join('\n');
  await section.getByLabel('CSV file').setInputFiles({ name: 'dates.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await section.getByRole('button', { name: 'Preview' }).click();
  const table = section.getByRole('table');
  await expect(table.getByRole('cell', { name: '06/03/2025' })).toBeVisible();
  await expect(table.getByRole('cell', { name: '24/03/2025' })).toBeVisible();
  await expect(table).not.toContainText(/\d{4}-\d{2}-\d{2}/);
});

test('Add leave: the dialog’s title says what its buttons say', async ({ page, context, request, baseURL }, testInfo) => {
  const account = uniqueAccount(testInfo, 'addleave');
  await createVerifiedAccount(request, account);
  await signInWithCookies(context, request, baseURL!, account);

  await gotoWithoutChat(page, '/leaves');
  const open = page.getByRole('main').getByRole('button', { name: 'Add leave', exact: true });
  await expect(open).toHaveText('Add leave');
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Add leave', exact: true });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Add leave', exact: true })).toHaveText('Add leave');
  await expect(dialog.getByRole('button', { name: 'Add leave', exact: true })).toHaveText('Add leave');
});
