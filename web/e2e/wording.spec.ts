import { expect, test } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { bearer, browserToday, gotoWithoutChat, signInWithCookies } from './support/records';

test.use({ timezoneId: 'UTC' });

test('plain wording: "1 minute", the overnight quiet hours, and the display options panel named for what it does', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const account = uniqueAccount(testInfo, 'wording');
  await createVerifiedAccount(request, account);
  const signed = await signInWithCookies(context, request, baseURL!, account);
  await gotoWithoutChat(page, '/breaks');
  const today = await browserToday(page);
  const added = await request.post('/break/add', {
    headers: bearer(signed),
    data: { startTime: '09:00', endTime: '09:01', type: 'Coffee Break', reason: '', createdDate: today },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.reload();
  await expect(page.getByText('1 minute', { exact: true })).toBeVisible();
  await expect(page.getByText('1 minutes')).toHaveCount(0);

  await gotoWithoutChat(page, '/settings');
  await expect(page.getByText('If the end comes before the start, the quiet hours run overnight past midnight.')).toBeVisible();
  await expect(page.getByText(/from after to spans midnight/)).toHaveCount(0);

  await expect(page.getByRole('button', { name: 'Configurator' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Display options' }).click();
  const panel = page.getByRole('complementary', { name: 'Display options' });
  await expect(panel.getByRole('heading', { name: 'Display options' })).toBeVisible();
  await panel.getByRole('button', { name: 'Close display options' }).click();
  await expect(panel).toBeHidden();
});
