import { readFileSync } from 'node:fs';
import { expect, test } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { bearer, expectNoSidewaysScroll, gotoWithoutChat, signInWithCookies } from './support/records';

// Settings > Download my data saves a dated ZIP; Import reads a small generic CSV, previews what it will create and
// what it refuses, and imports it on confirmation (a second import creates nothing).
test.use({ timezoneId: 'UTC' });

const CSV = [
  'kind,date,start,end,type,note',
  'work,2025-03-06,08:00,12:00,,Planning',
  'break,2025-03-06,12:00,12:30,Lunch Break,',
  'work,2025-03-06,11:00,13:00,,Overlapping',
].join('\n');

test('download my data, then import a generic CSV through its preview', async ({ page, context, request, baseURL }, testInfo) => {
  const account = uniqueAccount(testInfo, 'transfer');
  await createVerifiedAccount(request, account);
  const signed = await signInWithCookies(context, request, baseURL!, account);
  const task = await request.post('/task/add', { headers: bearer(signed), data: { title: 'Exported task', description: 'x', scheduled: '2025-03-06' } });
  expect(task.status(), await task.text()).toBe(201);

  await gotoWithoutChat(page, '/settings');
  const mine = page.getByRole('heading', { level: 2, name: 'Download my data' }).locator('xpath=ancestor::section[1]');
  const downloading = page.waitForEvent('download');
  await mine.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^breaktime-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = readFileSync((await download.path())!);
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  // A team of one: its admin may download the team's data too.
  await expect(page.getByRole('button', { name: "Download the team's data" })).toBeVisible();

  const section = page.getByRole('heading', { level: 2, name: 'Import' }).locator('xpath=ancestor::section[1]');
  await section.getByLabel('Source').selectOption('generic');
  await section.getByLabel('CSV file').setInputFiles({ name: 'history.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await section.getByRole('button', { name: 'Preview' }).click();
  await expect(section.getByText('3 rows read: 2 understood, 1 refused, 0 imported before.')).toBeVisible();
  await expect(section.getByText('Will create: 1 work periods, 1 breaks, 0 leaves.')).toBeVisible();
  await expect(section.getByText('Row 4: This period overlaps another one.')).toBeVisible();
  await expect(section.getByRole('cell', { name: 'Planning' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  await section.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(section.getByRole('status')).toHaveText('Imported: 2 created, 0 skipped, 1 refused.');

  // The same file again: everything is there already.
  await section.getByRole('button', { name: 'Preview' }).click();
  await expect(section.getByText('3 rows read: 2 understood, 1 refused, 2 imported before.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Import', exact: true })).toBeHidden();
});
