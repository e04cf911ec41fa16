import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { bearer, expectNoSidewaysScroll, gotoWithoutChat, joinTeam, signInWithCookies } from './support/records';

// An admin adds a generic (signed) hook pointing at a receiver this test runs on 127.0.0.1 (the local server takes
// plain http and loopback with DEV_ROUTES=1, its default), a break is started, the dev scheduler route posts it, the
// receiver checks the signature, and the Admin Panel shows the delivery. Members never see the section.

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
}

/** A chat's incoming webhook: keeps every post and answers 200. */
async function startReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, raw: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, server };
}

/** The receiver's side of docs/api.md's Team chat: HMAC-SHA256 of "<t>.<raw body>" keyed with the whole secret. */
function signatureIsValid(secret: string, header: string, raw: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  if (!parts.t || !parts.v1) return false;
  if (Math.abs(Date.now() / 1000 - Number(parts.t)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${raw}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const teamChat = (page: Page) => page.getByRole('heading', { level: 2, name: 'Team chat' }).locator('xpath=ancestor::section[1]');

test('an admin adds a signed hook, a started break reaches it and the panel shows the delivery', async ({ page, context, request, baseURL }, testInfo) => {
  const receiver = await startReceiver();
  try {
    const admin = uniqueAccount(testInfo, 'hooks');
    await createVerifiedAccount(request, admin);
    const signed = await signInWithCookies(context, request, baseURL!, admin);
    await gotoWithoutChat(page, '/administrators');

    const card = teamChat(page);
    await expect(card.getByText('No webhooks yet.')).toBeVisible();
    const form = card.getByRole('form', { name: 'Add a webhook' });
    const hookUrl = `${receiver.url}/generic-${testInfo.project.name}`;
    await form.getByLabel('Webhook URL').fill(hookUrl);
    await form.getByLabel('Format').selectOption('generic');
    await form.getByRole('checkbox', { name: /Break started/ }).check();
    await expect(form.getByLabel('Daily post time')).toHaveCount(0);
    await form.getByRole('button', { name: 'Add webhook' }).click();

    // The secret, once, with how to check it.
    const shown = card.getByRole('region', { name: 'New webhook secret' });
    await expect(shown).toContainText('Copy this secret now: it will not be shown again.');
    await expect(shown.getByRole('heading', { name: 'How to verify' })).toBeVisible();
    const secret = await shown.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    const hook = card
      .getByRole('list', { name: 'Webhooks' })
      .getByRole('listitem', { name: `127.0.0.1:${new URL(receiver.url).port}/generic-${testInfo.project.name}` });
    await expect(hook).toContainText('Generic JSON, signed');
    await expect(hook).toContainText('Break started');
    await expect(hook).toContainText('No deliveries yet');
    await expectNoSidewaysScroll(page);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toHaveCount(0);

    // A break starts; the job posts it (the server's own minute job may get there first: either way it is posted once).
    const started = await request.post('/break/start', { headers: bearer(signed), data: { type: 'Coffee Break' } });
    expect(started.status(), await started.text()).toBe(201);
    const run = await request.post('/dev/scheduler/run', { data: {} });
    expect(run.status(), await run.text()).toBe(200);
    await expect.poll(() => receiver.received.length, { message: 'the receiver got the break' }).toBeGreaterThan(0);
    expect(receiver.received).toHaveLength(1);

    const [post] = receiver.received;
    expect(post!.path).toBe(`/generic-${testInfo.project.name}`);
    const body = JSON.parse(post!.raw) as { id: string; type: string; text: string };
    expect(body.type).toBe('break.started');
    expect(body.text).toContain(admin.name);
    expect(post!.headers['breaktime-event-id']).toBe(body.id);
    const signature = String(post!.headers['breaktime-signature']);
    expect(signatureIsValid(secret, signature, post!.raw), signature).toBe(true);
    expect(signatureIsValid('whsec_someone-else', signature, post!.raw)).toBe(false);

    // The panel shows the delivery after a reload; the secret is gone for good.
    await expect(async () => {
      await page.reload();
      await expect(hook).toContainText(/Delivered .+ \(HTTP 200\)/, { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(hook).toContainText('Break started');
    await expect(page.getByText(secret)).toHaveCount(0);
    await expect(card.getByLabel('Signing secret')).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    // And it goes, after asking.
    await hook.getByRole('button', { name: /^Remove webhook/ }).click();
    const question = page.getByRole('alertdialog', { name: 'Remove this webhook?' });
    await question.getByRole('button', { name: 'Yes, remove it' }).click();
    await expect(card.getByText('No webhooks yet.')).toBeVisible();
  } finally {
    await new Promise((resolve) => receiver.server.close(resolve));
  }
});

test('a member does not see Team chat', async ({ page, context, request, baseURL }, testInfo) => {
  const admin = uniqueAccount(testInfo, 'hooksadmin');
  await createVerifiedAccount(request, admin);
  const signedAdmin = await signInWithCookies(context, request, baseURL!, admin);
  const member = await joinTeam(request, signedAdmin, uniqueAccount(testInfo, 'hooksmember'));
  await context.clearCookies();
  await signInWithCookies(context, request, baseURL!, member);

  const webhookCalls: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.startsWith('/admin/webhooks')) webhookCalls.push(sent.url());
  });
  const profile = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/user/profile' && answer.ok());
  await gotoWithoutChat(page, '/administrators');
  await profile;
  await expect(page.getByRole('heading', { level: 2, name: /Team Members/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Team chat' })).toHaveCount(0);
  expect(webhookCalls).toEqual([]);
  // The server refuses them too.
  expect((await request.get('/admin/webhooks', { headers: bearer(member) })).status()).toBe(403);
});
