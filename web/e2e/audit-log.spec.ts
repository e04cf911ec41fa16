import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { bearer, expectNoSidewaysScroll, gotoWithoutChat, joinTeam, signInWithCookies } from './support/records';

// An admin's changes land in the team's audit log: the Admin Panel lists them newest first with who did what for
// whom, filters them by action and person, shows a setting before and after, and downloads the CSV. Members never
// see the section (and the server refuses them).

const auditLog = (page: Page) => page.getByRole('heading', { level: 2, name: 'Audit log' }).locator('xpath=ancestor::section[1]');

test('an admin reads who changed what, filters it and downloads it', async ({ page, context, request, baseURL }, testInfo) => {
  const admin = uniqueAccount(testInfo, 'auditadmin');
  await createVerifiedAccount(request, admin);
  const signed = await signInWithCookies(context, request, baseURL!, admin);
  const member = await joinTeam(request, signed, uniqueAccount(testInfo, 'auditmember'));
  const role = await request.put(`/admin/role/${member.id}`, { headers: bearer(signed), data: { role: 'hr' } });
  expect(role.status(), await role.text()).toBe(200);
  const rules = await request.put('/work/rules', { headers: bearer(signed), data: { preset: 'de' } });
  expect(rules.status(), await rules.text()).toBe(200);

  await gotoWithoutChat(page, '/administrators');
  const card = auditLog(page);
  const entries = card.getByRole('list', { name: 'Audit log entries' });
  // Each entry names its actor by account: the display name and the e-mail.
  const by = `${admin.name} (${admin.email})`;
  await expect(entries.getByRole('listitem').first()).toContainText('Break and rest rules changed');
  const changed = entries.getByRole('listitem', { name: `Role changed, ${by}` });
  await expect(changed).toContainText(`By ${by}, for ${member.name}`);
  await changed.getByText('Before and after').click();
  await expect(changed).toContainText('member');
  await expect(changed).toContainText('hr');
  await expect(entries.getByRole('listitem', { name: `Member invited, ${by}` })).toContainText(member.email);
  await expectNoSidewaysScroll(page);

  // Filters ask the server again.
  await card.getByRole('combobox', { name: 'Action' }).selectOption('workRules.changed');
  await expect(entries.getByRole('listitem')).toHaveCount(1);
  await expect(entries.getByRole('listitem').first()).toContainText('Break and rest rules changed');
  await card.getByRole('combobox', { name: 'Action' }).selectOption('');
  await card.getByRole('combobox', { name: 'Person' }).selectOption(`${member.name} (${member.email})`);
  await expect(entries.getByRole('listitem', { name: `Role changed, ${by}` })).toBeVisible();
  await expect(entries.getByRole('listitem', { name: /Break and rest rules changed/ })).toHaveCount(0);

  // The CSV of what the filters keep.
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv.split('\n')[0]).toContain('actorName');
  expect(csv).toContain('member.roleChanged');
  expect(csv).not.toContain('workRules.changed');
});

test('a member does not see the audit log', async ({ page, context, request, baseURL }, testInfo) => {
  const admin = uniqueAccount(testInfo, 'auditadmin2');
  await createVerifiedAccount(request, admin);
  const signedAdmin = await signInWithCookies(context, request, baseURL!, admin);
  const member = await joinTeam(request, signedAdmin, uniqueAccount(testInfo, 'auditmember2'));
  await context.clearCookies();
  await signInWithCookies(context, request, baseURL!, member);
  const profile = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/user/profile' && answer.ok());
  await gotoWithoutChat(page, '/administrators');
  await profile;
  await expect(page.getByRole('heading', { level: 2, name: /Team Members/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Audit log' })).toHaveCount(0);
  expect((await request.get('/admin/audit', { headers: bearer(member) })).status()).toBe(403);
});
