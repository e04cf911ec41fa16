import { expect, test } from './support/test';
import { accountMenu, createVerifiedAccount, latestLink, navbar, reloadAfter, uniqueAccount } from './support/helpers';
import { apiLogin, bearer, expectNoSidewaysScroll, gotoWithoutChat, signInWithCookies } from './support/records';

// A new team's first week, on a device in Berlin: the account starts in the device's zone, the admin of the new
// team is asked once for its name (the header, the Admin Panel and the invitation mail use it), and an account
// made before, still in UTC, is asked once whether to follow the device.
test.use({ timezoneId: 'Europe/Berlin' });
// A phone (390x844) and a desk (1366x900).
test.use({
  viewport: async ({}, use, testInfo) => use(testInfo.project.name === 'phone' ? { width: 390, height: 844 } : { width: 1366, height: 900 }),
});

async function profileZone(request: Parameters<typeof apiLogin>[0], account: Parameters<typeof apiLogin>[1]): Promise<string> {
  const signed = await apiLogin(request, account);
  const profile = await request.get('/user/profile', { headers: bearer(signed) });
  return ((await profile.json()) as { data: { timeZone: string } }).data.timeZone;
}

test('a sign-up in Berlin starts in Berlin, and its admin names the team once: header, Admin Panel and invitation use it', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const admin = uniqueAccount(testInfo, 'namer');
  const teamName = `Engines ${testInfo.project.name}`;

  // Sign up in the app, as a person does: the device's zone goes with it.
  await page.goto('/breaks');
  await navbar(page).getByRole('button', { name: 'Sign Up' }).click();
  const signUp = page.getByRole('dialog', { name: 'Sign Up' });
  await signUp.getByLabel('Name').fill(admin.name);
  await signUp.getByLabel('Email').fill(admin.email);
  await signUp.getByLabel('Password').fill(admin.password);
  await signUp.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('alertdialog').filter({ hasText: 'Verification email sent!' })).toBeVisible();
  const verify = await latestLink(request, admin.email, '/verify-new-email');
  const token = new URL(verify, 'http://placeholder').searchParams.get('token');
  expect((await request.post('/user/verify-email', { data: { token } })).status()).toBe(200);
  expect(await profileZone(request, admin)).toBe('Europe/Berlin');

  await signInWithCookies(page.context(), request, new URL(page.url()).origin, admin);
  await gotoWithoutChat(page, '/breaks');
  await expect(accountMenu(page, admin)).toBeVisible();
  // The account's zone is the device's: nothing to ask about it.
  await expect(page.getByRole('region', { name: 'Time zone' })).toHaveCount(0);

  // Asked once for the team's name; an empty one is refused.
  const question = page.getByRole('region', { name: 'Name your team' });
  await expect(question).toBeVisible();
  await expectNoSidewaysScroll(page);
  await question.getByRole('button', { name: 'Name the team' }).click();
  await expect(question.getByText('Team name is required.')).toBeVisible();
  await question.getByLabel('Team name').fill(`  ${teamName}  `);
  await question.getByRole('button', { name: 'Name the team' }).click();
  await expect(page.getByText(`Your team is now called ${teamName}.`)).toBeVisible();
  await expect(question).toBeHidden();
  await expect(navbar(page).getByTestId('team-name')).toHaveText(`Team: ${teamName}${teamName}`);
  await expect(navbar(page).getByTestId('team-name')).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Not asked again, here or after a reload.
  await reloadAfter(page, () => page.reload());
  await expect(navbar(page).getByTestId('team-name')).toContainText(teamName);
  await expect(page.getByRole('region', { name: 'Name your team' })).toHaveCount(0);

  // The Admin Panel shows the name and the zone new members start in; the admin sets one.
  await gotoWithoutChat(page, '/administrators');
  const team = page.getByRole('region', { name: 'Team', exact: true });
  await expect(team.getByLabel('Team name')).toHaveValue(teamName);
  await team.getByLabel('Time zone of new members').selectOption('Asia/Tokyo');
  await team.getByRole('button', { name: 'Update team' }).click();
  await expect(page.getByText('The team settings are saved.')).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The invitation names the team, and the invitee's new account starts in the team's zone.
  const invitee = uniqueAccount(testInfo, 'invitee');
  const signedAdmin = await apiLogin(request, admin);
  const invited = await request.post('/admin/invite', { headers: bearer(signedAdmin), data: { email: invitee.email, role: 'member' } });
  expect(invited.status()).toBe(201);
  const outbox = (await (await request.get('/dev/outbox')).json()) as { data: { to: string; subject: string }[] };
  const mail = outbox.data.filter((m) => m.to.includes(invitee.email)).at(-1);
  expect(mail?.subject).toBe(`${admin.name} invited you to ${teamName} on Breaktime`);
  const invitation = await latestLink(request, invitee.email, '/accept-email-invitation');
  const invitationToken = new URL(invitation, 'http://placeholder').searchParams.get('token');
  const joined = await request.post('/user/signup', {
    data: { name: invitee.name, email: invitee.email, password: invitee.password, invitation: invitationToken, timeZone: 'Europe/Berlin' },
  });
  expect(joined.status()).toBe(201);
  const inviteeVerify = await latestLink(request, invitee.email, '/verify-new-email');
  await request.post('/user/verify-email', { data: { token: new URL(inviteeVerify, 'http://placeholder').searchParams.get('token') } });
  expect(await profileZone(request, invitee)).toBe('Asia/Tokyo');
});

test('an account still in UTC, on a device in Berlin, is asked once: keep UTC, or use Berlin', async ({ page, context, request, baseURL }, testInfo) => {
  // Made without a zone (as every account was before): UTC.
  const keeper = uniqueAccount(testInfo, 'keeper');
  await createVerifiedAccount(request, keeper);
  await signInWithCookies(context, request, baseURL!, keeper);
  await gotoWithoutChat(page, '/breaks');
  const banner = page.getByRole('region', { name: 'Time zone' });
  await expect(banner).toContainText('Your account shows times in UTC, but this device is set to Europe/Berlin.');
  await expect(banner.getByRole('button', { name: 'Use Europe/Berlin' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await banner.getByRole('button', { name: 'Keep UTC' }).click();
  await expect(banner).toBeHidden();
  // Remembered on this device: not asked again, and the account stays in UTC.
  await reloadAfter(page, () => page.reload());
  await expect(accountMenu(page, keeper)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Time zone' })).toHaveCount(0);
  expect(await profileZone(request, keeper)).toBe('UTC');
});

test('an account still in UTC follows the device when the person says so, and Settings shows it', async ({ page, context, request, baseURL }, testInfo) => {
  const mover = uniqueAccount(testInfo, 'mover');
  await createVerifiedAccount(request, mover);
  await signInWithCookies(context, request, baseURL!, mover);
  await gotoWithoutChat(page, '/breaks');
  const banner = page.getByRole('region', { name: 'Time zone' });
  await banner.getByRole('button', { name: 'Use Europe/Berlin' }).click();
  await expect(page.getByText('Times now follow Europe/Berlin.')).toBeVisible();
  await expect(banner).toBeHidden();
  expect(await profileZone(request, mover)).toBe('Europe/Berlin');
  await gotoWithoutChat(page, '/settings');
  await expect(page.getByLabel('Time zone', { exact: true })).toHaveValue('Europe/Berlin');
  await expect(page.getByRole('region', { name: 'Time zone' })).toHaveCount(0);
});

test('a new account made by single sign-on on a device in Berlin starts in Berlin', async ({ page, request }, testInfo) => {
  const account = uniqueAccount(testInfo, 'sso-zone');
  await page.goto('/breaks');
  await navbar(page).getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('dialog', { name: 'Sign In' }).getByRole('link', { name: 'Company account' }).click();
  // The test provider's own page takes any address, verified.
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  // Signed in to a new account, with a team of its own whose admin is asked for its name.
  await expect(page.getByRole('region', { name: 'Name your team' })).toBeVisible();
  // The zone went through the sign-in's start and came back with its state: nothing to ask on this device.
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'access_token')?.value;
  const profile = await request.get('/user/profile', { headers: { Authorization: `Bearer ${decodeURIComponent(token ?? '')}` } });
  expect(((await profile.json()) as { data: { timeZone: string } }).data.timeZone).toBe('Europe/Berlin');
  await expect(page.getByRole('region', { name: 'Time zone' })).toHaveCount(0);
});
