import { expect, test, type Page } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { bearer, expectNoSidewaysScroll, gotoWithoutChat, signInWithCookies } from './support/records';

// A person makes a read-only API token in Settings, sees its secret once, calls the API with it from the test (a
// read works, a write is refused), revokes it (the secret is refused from then on), and opens /api/docs, where the
// app's own API document is drawn by the bundled viewer. On desktop and phone.

const tokensSection = (page: Page) => page.getByRole('heading', { level: 2, name: 'API tokens' }).locator('xpath=ancestor::section[1]');

test('a token is made, shown once, used, and revoked', async ({ page, context, request, baseURL }, testInfo) => {
  const person = uniqueAccount(testInfo, 'tokens');
  await createVerifiedAccount(request, person);
  await signInWithCookies(context, request, baseURL!, person);
  await gotoWithoutChat(page, '/settings');

  const card = tokensSection(page);
  await expect(card.getByText('You have no API tokens yet.')).toBeVisible();
  const form = card.getByRole('form', { name: 'Create a token' });
  await expect(form.getByLabel('Expires in (days)')).toHaveValue('90');
  await form.getByLabel('Name').fill(`Report script ${testInfo.project.name}`);
  await form.getByLabel('Access').selectOption('read');
  await form.getByLabel('Expires in (days)').fill('30');
  await form.getByRole('button', { name: 'Create token' }).click();

  // The secret, once.
  const shown = card.getByRole('region', { name: 'Your new API token' });
  await expect(shown).toContainText('it will not be shown again');
  const secret = await shown.getByLabel('Token').inputValue();
  expect(secret).toMatch(/^btpat_[A-Za-z0-9_-]{43}$/);
  await expect(shown.getByRole('button', { name: 'Copy' })).toBeVisible();
  const item = card.getByRole('list', { name: 'Your API tokens' }).getByRole('listitem', { name: `Report script ${testInfo.project.name}` });
  await expect(item).toContainText('Read only');
  await expect(item).toContainText('Never');
  await expectNoSidewaysScroll(page);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toHaveCount(0);
  // Reloaded, the secret is nowhere on the page.
  await page.reload();
  await expect(item).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);

  // The token reads the API as its owner, and may not write.
  const auth = { Authorization: `Bearer ${secret}` };
  const profile = await request.get('/user/profile', { headers: auth });
  expect(profile.status(), await profile.text()).toBe(200);
  expect(((await profile.json()) as { data: { email: string } }).data.email).toBe(person.email);
  const write = await request.post('/task/add', { headers: auth, data: { title: 'By a token', scheduled: '2024-05-06' } });
  expect(write.status(), await write.text()).toBe(403);
  expect(((await write.json()) as { message: string }).message).toBe('This API token is read-only.');
  // Used: the list says when (to the hour).
  await page.reload();
  await expect(item).not.toContainText('Never');

  // Revoked: the secret is refused from then on.
  await item.getByRole('button', { name: `Revoke Report script ${testInfo.project.name}` }).click();
  const question = page.getByRole('alertdialog', { name: 'Revoke this token?' });
  await expect(question).toContainText('stop working at once');
  await question.getByRole('button', { name: 'Revoke' }).click();
  await expect(item).toHaveCount(0);
  await expect(card.getByText('You have no API tokens yet.')).toBeVisible();
  const refused = await request.get('/user/profile', { headers: auth });
  expect(refused.status()).toBe(401);
});

test('the API page shows the app’s own document in the bundled viewer and tries a call with a pasted token', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const person = uniqueAccount(testInfo, 'apidocs');
  await createVerifiedAccount(request, person);
  const signed = await signInWithCookies(context, request, baseURL!, person);
  const made = await request.post('/user/tokens', { headers: bearer(signed), data: { name: 'Docs', scope: 'read' } });
  expect(made.status(), await made.text()).toBe(201);
  const secret = ((await made.json()) as { data: { token: string } }).data.token;

  await gotoWithoutChat(page, '/settings');
  const outside: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL!) && !r.url().startsWith('data:')) outside.push(r.url());
  });
  await tokensSection(page).getByRole('link', { name: 'Open the API documentation' }).click();
  await expect(page).toHaveURL(/\/api\/docs$/);
  await expect(page.getByRole('banner').getByRole('heading', { level: 1, name: 'API documentation' })).toBeVisible();

  const viewer = page.getByTestId('api-docs');
  await expect(viewer.getByText('Breaktime API', { exact: false }).first()).toBeVisible({ timeout: 20_000 });
  // "Try it out" goes to this app's API.
  await expect(viewer.locator('.servers select option').first()).toHaveText(new URL(baseURL!).origin);

  // Paste the token.
  await viewer
    .getByRole('button', { name: /Authorize/ })
    .first()
    .click();
  const dialog = page.locator('.modal-ux');
  await dialog.locator('input').first().fill(secret);
  await dialog.getByRole('button', { name: 'Apply credentials' }).click();
  await expect(
    dialog
      .getByRole('button', { name: 'Remove authorization' })
      .or(dialog.getByRole('button', { name: 'Logout' }))
      .first(),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // The document's routes, the token routes among them; one is called with the token.
  const tokensRoute = viewer.locator('[data-path="/user/tokens"]').first();
  if (!(await tokensRoute.isVisible())) await viewer.locator('#operations-tag-accounts').click();
  await expect(tokensRoute).toBeVisible();
  const profile = viewer.locator('.opblock-get').filter({ has: page.locator('[data-path="/user/profile"]') });
  await profile.locator('.opblock-summary').first().click();
  await profile.getByRole('button', { name: 'Try it out' }).click();
  await profile.getByRole('button', { name: 'Execute' }).click();
  const answer = profile.locator('.live-responses-table');
  await expect(answer.locator('tr.response .response-col_status').first()).toHaveText('200', { timeout: 20_000 });
  await expect(answer).toContainText(person.email);
  await expectNoSidewaysScroll(page);
  expect(outside, 'nothing is fetched from elsewhere').toEqual([]);

  // Opened directly (a reload), the address is the app's page, not an API answer.
  await page.reload();
  await expect(page.getByRole('banner').getByRole('heading', { level: 1, name: 'API documentation' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: /Authorize/ }).first()).toBeVisible({ timeout: 20_000 });
});
