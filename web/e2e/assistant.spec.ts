import { expect, test, type Page } from './support/test';
import { createVerifiedAccount, reloadAfter, uniqueAccount } from './support/helpers';
import { browserToday, enGb, expectNoSidewaysScroll, signInWithCookies } from './support/records';

// The assistant's "today" is the profile's zone (UTC for a new account); the browser's is the same here.
test.use({ timezoneId: 'UTC' });

/** The chat window, opened when it starts closed (phones). */
async function openChat(page: Page) {
  const chat = page.getByRole('region', { name: 'Break Buddy' });
  const launcher = page.getByRole('button', { name: /^Open Break Buddy/ });
  await expect(chat.or(launcher)).toBeVisible();
  if (await launcher.isVisible()) await launcher.click();
  await expect(chat).toBeVisible();
  return chat;
}

async function ask(page: Page, question: string) {
  const chat = await openChat(page);
  const input = chat.getByLabel('Message Break Buddy');
  // After a question the input stays locked for 5 steps of 500 ms.
  await expect(input).toBeEnabled();
  await input.fill(question);
  await chat.getByRole('button', { name: 'Send' }).click();
  return chat;
}

test('a sentence becomes a pre-filled break, saved and counted', async ({ page, context, request, baseURL }, testInfo) => {
  const account = uniqueAccount(testInfo, 'buddy');
  await createVerifiedAccount(request, account);
  await signInWithCookies(context, request, baseURL!, account);

  await page.goto('/breaks');
  const today = await browserToday(page);
  if (testInfo.project.name === 'phone') {
    // Closed by default below 768 px, calling for attention.
    await expect(page.getByRole('region', { name: 'Break Buddy' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open Break Buddy (1 unread)' })).toBeVisible();
  } else {
    await expect(page.getByRole('region', { name: 'Break Buddy' })).toBeVisible();
  }
  await expect(page.getByText('You have not taken any breaks today')).toBeVisible();

  const chat = await ask(page, 'coffee break from 3 to 3:15 pm today');
  await expect(chat.getByLabel('Message Break Buddy')).toBeDisabled();
  const form = page.getByRole('dialog', { name: 'Add Break' });
  await expect(form).toBeVisible();
  await expect(chat.getByRole('log')).toContainText('Here is your Coffee Break');
  await expect(form.getByLabel('Break type')).toHaveValue('Coffee Break');
  await expect(form.getByLabel('Date')).toHaveValue(enGb(today));
  await expect(form.getByLabel('Start time')).toHaveValue('3:00 PM');
  await expect(form.getByLabel('End time')).toHaveValue('3:15 PM');
  await expect(form.getByLabel('Duration (minutes)')).toHaveValue('15');

  // Saved on its own list page, the dashboard reloads and lists it.
  await reloadAfter(page, () => form.getByRole('button', { name: 'Add break' }).click());
  const list = page.getByRole('list', { name: "Today's breaks" });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Coffee Break');
  await expect(list).toContainText('3:00 PM – 3:15 PM');
  await expect(page.getByText('15 minutes', { exact: true })).toBeVisible();

  // The conversation survived the reload; the question is answered from the saved break.
  const again = await ask(page, 'how long were my breaks today?');
  await expect(again.getByRole('log')).toContainText('coffee break from 3 to 3:15 pm today');
  await expect(again.getByRole('log')).toContainText('You have taken 1 break today, 15 minutes in all.');
  await expect(again.getByRole('log')).toContainText(`on ${enGb(today)}`);
  await expectNoSidewaysScroll(page);

  // Clearing the history empties the conversation.
  await again.getByRole('button', { name: 'Clear chat history' }).click();
  await page.getByRole('alertdialog', { name: 'Clear the chat?' }).getByRole('button', { name: 'Yes, clear it' }).click();
  await expect(again.getByRole('log')).not.toContainText('You have taken 1 break today');
  await expect(again.getByRole('log').getByRole('listitem')).toHaveCount(1);
  await page.reload();
  await expect((await openChat(page)).getByRole('log')).not.toContainText('You have taken 1 break today');
});

test('a guest gets the login notice for a record request', async ({ page }) => {
  await page.goto('/breaks');
  const chat = await ask(page, 'coffee break from 3 to 3:15 pm today');
  await expect(chat.getByRole('log')).toContainText('You need to log in first to create or update records.');
  await expect(page.getByRole('dialog', { name: 'Add Break' })).toHaveCount(0);
});
