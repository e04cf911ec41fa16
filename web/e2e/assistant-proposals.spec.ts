import { expect, test, type Page } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { apiLogin, bearer, expectNoSidewaysScroll, joinTeam, signInWithCookies, type Signed } from './support/records';

// Break Buddy's proposals are saved exactly as offered, and the saved record keeps everything it understood: the
// leave's type, the meeting's title and the teammate it names, a task's description. Read back through the API.
test.use({ timezoneId: 'UTC' });

// The sizes the issue was seen at: a phone (the phone project's 390 x 844) and a 1366 x 900 desk.
test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === 'desktop') await page.setViewportSize({ width: 1366, height: 900 });
});

/** The chat window, opened when it starts closed (phones). */
async function ask(page: Page, question: string) {
  const chat = page.getByRole('region', { name: 'Break Buddy' });
  const launcher = page.getByRole('button', { name: /^Open Break Buddy/ });
  await expect(chat.or(launcher)).toBeVisible();
  if (await launcher.isVisible()) await launcher.click();
  await expect(chat).toBeVisible();
  const input = chat.getByLabel('Message Break Buddy');
  await expect(input).toBeEnabled();
  await input.fill(question);
  await chat.getByRole('button', { name: 'Send' }).click();
  return chat;
}

/** Clicks the form's save button and answers the id of the record the server created. */
async function saveAsOffered(page: Page, path: string, click: () => Promise<void>): Promise<string> {
  const created = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith(path));
  await click();
  const response = await created;
  expect(response.status(), await response.text()).toBe(201);
  const { data } = (await response.json()) as { data: { _id: string } };
  return data._id;
}

async function read(page: Page, who: Signed, path: string): Promise<Record<string, unknown>> {
  const response = await page.request.get(path, { headers: bearer(who) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

test('a sick day is proposed and saved as Sick leave, not Vacation, and takes nothing off the allowance', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const account = uniqueAccount(testInfo, 'sick');
  await createVerifiedAccount(request, account);
  // A new team's only admin: a Vacation request would be approved at once and counted.
  const admin = await signInWithCookies(context, request, baseURL!, account);
  await page.goto('/');

  // Said as it was on each screen.
  const sentence = testInfo.project.name === 'phone' ? 'off sick tomorrow' : 'sick tomorrow';
  const chat = await ask(page, sentence);
  await expect(chat.getByRole('log')).toContainText('Here is your Sick leave');
  const form = page.getByRole('dialog', { name: 'Add leave' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Type').locator('option:checked')).toHaveText('Sick');
  await expectNoSidewaysScroll(page);

  const id = await saveAsOffered(page, '/leaves/add', () => form.getByRole('button', { name: 'Add leave' }).click());
  await expect(form).toBeHidden();
  const types = (await read(page, admin, '/leaves/types')) as unknown as Array<{ _id: string; name: string }>;
  const sick = types.find((type) => type.name === 'Sick');
  const leave = await read(page, admin, `/leaves/get/${id}`);
  expect(leave.typeId).toBe(sick?._id);
  const balance = await read(page, admin, '/leaves/balance');
  expect([balance.taken, balance.planned, balance.pending]).toEqual([0, 0, 0]);
});

test('a meeting is saved with its topic as the title and the teammate it names as an attendee', async ({ page, context, request, baseURL }, testInfo) => {
  const account = uniqueAccount(testInfo, 'organizer');
  await createVerifiedAccount(request, account);
  const admin = await apiLogin(request, account);
  const bea = { ...uniqueAccount(testInfo, 'attendee'), name: 'Bea Carter' };
  const member = await joinTeam(request, admin, bea);
  await signInWithCookies(context, request, baseURL!, account);
  await page.goto('/');

  const chat = await ask(page, 'meeting with bea friday 2-3pm about the budget');
  await expect(chat.getByRole('log')).toContainText("Here is your meeting 'Budget'");
  await expect(chat.getByRole('log')).toContainText('with Bea Carter');
  const form = page.getByRole('dialog', { name: 'Schedule Meeting' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Title')).toHaveValue('Budget');
  await expect(form.getByRole('group', { name: 'Attendees' }).getByLabel('Bea Carter')).toBeChecked();
  await expectNoSidewaysScroll(page);

  const id = await saveAsOffered(page, '/meeting/add', () => form.getByRole('button', { name: 'Schedule' }).click());
  await expect(form).toBeHidden();
  const meeting = await read(page, admin, `/meeting/get/${id}`);
  expect(meeting.title).toBe('Budget');
  expect((meeting.attendees as Array<{ userId: string }>).map((attendee) => attendee.userId)).toEqual([member.id]);
  // Bea has it too: her own copy.
  const hers = await read(page, member, `/meeting/get/${id}`);
  expect(hers.title).toBe('Budget');
});

test('a task is saved as offered, its description the sentence', async ({ page, context, request, baseURL }, testInfo) => {
  const account = uniqueAccount(testInfo, 'tasks');
  await createVerifiedAccount(request, account);
  const me = await signInWithCookies(context, request, baseURL!, account);
  await page.goto('/');

  const sentence = 'add a task to renew the SSL certificate tomorrow, urgent';
  const chat = await ask(page, sentence);
  await expect(chat.getByRole('log')).toContainText("Here is 'Renew the SSL certificate'");
  await expect(chat.getByRole('log')).not.toContainText('Please add the description');
  const form = page.getByRole('dialog', { name: 'Add Task' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Description')).toHaveValue(sentence);
  await expectNoSidewaysScroll(page);

  const id = await saveAsOffered(page, '/task/add', () => form.getByRole('button', { name: 'Add task' }).click());
  await expect(form).toBeHidden();
  const task = await read(page, me, `/task/get/${id}`);
  expect([task.title, task.description, task.priority]).toEqual(['Renew the SSL certificate', sentence, 'Urgent']);
});
