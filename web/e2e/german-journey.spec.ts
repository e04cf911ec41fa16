import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './support/test';
import { latestLink, navbar, reloadAfter, uniqueAccount } from './support/helpers';

/*
 * A new person whose browser speaks German, at phone size: signs up, verifies, starts and ends a break and requests a
 * leave, and reads German throughout. The labels come from the German catalogue, so the test finds
 * the controls a German reader sees; at each step no English message of the catalogue that German words differently
 * and no catalogue key is on screen.
 */
type Tree = { [key: string]: string | Tree };
const load = (file: string) => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as Tree;
const flatten = (tree: Tree, prefix = '', out = new Map<string, string>()) => {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else flatten(value, path, out);
  }
  return out;
};
const EN = flatten(load('../src/locales/en.json'));
const DE = flatten(load('../src/locales/de.json'));
const SERVER_DE = JSON.parse(readFileSync(new URL('../../shared/core/locales/de.json', import.meta.url), 'utf8')) as Record<string, string>;

/** The German text of a catalogue key. */
function L(key: string): string {
  const text = DE.get(key);
  if (text === undefined) throw new Error(`no German message for ${key}`);
  return text;
}

/** English sentences German words differently: the literal runs of at least 14 characters between placeholders. */
const ENGLISH_RUNS = [...EN]
  .filter(([key, text]) => DE.get(key) !== text && text.trim().includes(' '))
  .flatMap(([, text]) => text.split(/\{\{[^}]+\}\}|<\/?\w+\/?>/))
  .map((run) => run.trim())
  .filter((run) => run.length >= 14 && /\s/.test(run) && ![...DE.values()].some((german) => german.includes(run)));

async function readsGerman(page: Page, step: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const text = await page.evaluate(() => document.body.innerText.replace(/\s+/g, ' '));
  const english = ENGLISH_RUNS.filter((run) => text.includes(run));
  expect(english, `English on screen after: ${step}`).toEqual([]);
  const keys = text.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ').match(/\b[a-z][a-zA-Z]+\.[a-z][a-zA-Z]+(\.[a-zA-Z]+)*\b/g) ?? [];
  expect(keys, `catalogue keys on screen after: ${step}`).toEqual([]);
}

test.use({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });

test('a new person in German at phone size reads German from sign-up to a leave request', async ({ page, request, isMobile }, testInfo) => {
  test.skip(!isMobile, 'the journey at phone size: the phone project runs it');
  const account = { ...uniqueAccount(testInfo, 'deutsch'), name: 'Jörg Müller' };

  // The first visit follows the browser's language.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: L('pages.dashboard') })).toBeVisible();
  await readsGerman(page, 'the first visit');

  await navbar(page)
    .getByRole('button', { name: L('nav.signUp'), exact: true })
    .click();
  const signUp = page.getByRole('dialog', { name: L('auth.signUp.title') });
  await signUp.getByLabel(L('auth.signUp.name'), { exact: true }).fill(account.name);
  await signUp.getByLabel(L('auth.common.email'), { exact: true }).fill(account.email);
  await signUp.getByLabel(L('auth.common.password'), { exact: true }).fill('kurz');
  await signUp.getByRole('button', { name: L('auth.signUp.submit'), exact: true }).click();
  await readsGerman(page, 'a sign-up with a short password');
  await signUp.getByLabel(L('auth.common.password'), { exact: true }).fill(account.password);
  await signUp.getByRole('button', { name: L('auth.signUp.submit'), exact: true }).click();
  const sent = page.getByRole('alertdialog', { name: L('auth.signUp.sentTitle') });
  await expect(sent).toContainText(account.email);
  await readsGerman(page, 'the sign-up');
  await sent.getByRole('button', { name: L('common.ok') }).click();

  // The verification mail is German too (the account keeps the language it signed up in).
  const outbox = (await (await request.get('/dev/outbox')).json()) as { data: Array<{ to: string | string[]; subject: string }> };
  const mail = outbox.data.filter((sentMail) => JSON.stringify(sentMail.to).includes(account.email)).at(-1)!;
  expect(mail.subject).toBe(SERVER_DE['Verify your Breaktime email']);

  await page.goto(await latestLink(request, account.email, '/verify-new-email'));
  await expect(page.getByRole('main').getByRole('button', { name: L('auth.common.signIn'), exact: true })).toBeVisible();
  await readsGerman(page, 'the verification link');
  await page
    .getByRole('main')
    .getByRole('button', { name: L('auth.common.signIn'), exact: true })
    .click();
  const signIn = page.getByRole('dialog', { name: L('auth.signIn.title') });
  await signIn.getByLabel(L('auth.common.password'), { exact: true }).fill(account.password);
  await reloadAfter(page, () => signIn.getByRole('button', { name: L('auth.common.signIn'), exact: true }).click());
  await expect(navbar(page).getByRole('button', { name: account.name })).toBeVisible();
  const closeChat = page.getByRole('button', { name: L('assistant.launcher.close') });
  if (await closeChat.isVisible()) await closeChat.click();
  await readsGerman(page, 'signing in');

  // A live break, started and ended.
  await page.getByRole('button', { name: L('breaks.live.start') }).click();
  await expect(page.getByRole('timer')).toBeVisible();
  await readsGerman(page, 'starting a break');
  await page.getByRole('button', { name: L('breaks.live.end') }).click();
  await expect(page.getByRole('button', { name: L('breaks.live.start') })).toBeVisible();
  await readsGerman(page, 'ending the break');

  // A leave request.
  await page.goto('/leaves');
  await expect(page.getByRole('heading', { level: 1, name: L('pages.leaves') })).toBeVisible();
  await page
    .getByRole('button', { name: L('leaves.page.add') })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  const from = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel(L('leaves.form.fromDate'), { exact: true }).fill(from);
  await dialog.getByLabel(L('leaves.form.toDate'), { exact: true }).fill(from);
  // The form's own signal that it has read the dates (the day count) before it is sent: on a busy machine a click
  // right after the fill could come before the form had taken them.
  await expect(dialog.getByLabel(L('leaves.form.days'), { exact: true })).toHaveValue('1');
  await dialog.getByRole('button', { name: L('leaves.form.addLeave') }).click();
  await expect(dialog.getByText(L('leaves.validation.reasonRequired'))).toBeVisible();
  await readsGerman(page, 'a leave without a reason');
  await dialog.getByLabel(L('leaves.form.reason'), { exact: true }).fill('Familienfeier');
  await dialog.getByRole('button', { name: L('leaves.form.addLeave') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Familienfeier')).toBeVisible();
  await readsGerman(page, 'requesting a leave');
});
