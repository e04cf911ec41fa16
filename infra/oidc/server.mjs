// A local OpenID Connect provider for the single sign-on tests (the Rust API tests in
// infra/local-server/tests/api/oidc.rs and the e2e spec web/e2e/sso.spec.ts), on the `oidc-provider` package.
//
//   node infra/oidc/server.mjs
//
// Environment: OIDC_REDIRECT_URIS (comma-separated; default `http://127.0.0.1/auth/oidc/callback`, which as a
// loopback URI of a native client matches on every port), OIDC_PORT (default: a free port), OIDC_CLIENT_ID (default
// `breaktime`), OIDC_CLIENT_SECRET (default `breaktime-test-secret`), OIDC_EXIT_WITH_STDIN=1 (exit when standard
// input closes: a test binary's child). The one line on stdout is `OIDC provider listening on <issuer>`; the issuer
// is `http://127.0.0.1:<port>`.
//
// Accounts: whatever is typed into the sign-in page (or sent as `login` to /test/complete) is the account. An
// address (with an @) is its e-mail, anything else becomes `<login>@example.test`; the e-mail is verified unless the
// login starts with `unverified`. The name is the part before the @.
//
// Sign-in without a browser: `POST /test/complete` with JSON `{url, login, mode?, replay?}` follows the
// authorization URL through the sign-in page as a browser would (cookies included) and answers `{location}`, the
// redirect to the client's callback with `code` and `state`.
//
// Refusal modes. oidc-provider only issues correct ID tokens, so the token endpoint has a tampering step in front of
// its answer (a Koa middleware of this provider that rewrites the `id_token` of the token response after the
// provider made it; it is chosen per authorization code by `mode` of /test/complete):
//   forged          the ID token signed by another key (under the JWKS key's `kid`): the signature fails
//   wrong-audience  `aud` is another client, signed by the real key
//   expired         `exp` an hour ago (`iat` two hours ago), signed by the real key
//   replay          the ID token issued for the code in `replay` (an earlier sign-in, with that sign-in's nonce)
// An unverified e-mail needs no tampering (log in as `unverified...`); a mismatched state is made by the test.
import http from 'node:http';
import { generateKeyPair, exportJWK, SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import Provider from 'oidc-provider';

const redirectUris = (process.env.OIDC_REDIRECT_URIS || 'http://127.0.0.1/auth/oidc/callback')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
// Started by a test binary: ends with it (its standard input closes when the binary exits, however it exits).
if (process.env.OIDC_EXIT_WITH_STDIN === '1') {
  process.stdin.on('end', () => process.exit(0));
  process.stdin.on('close', () => process.exit(0));
  process.stdin.resume();
}
const clientId = process.env.OIDC_CLIENT_ID || 'breaktime';
const clientSecret = process.env.OIDC_CLIENT_SECRET || 'breaktime-test-secret';

const KID = 'breaktime-test-key';
const signing = await generateKeyPair('RS256', { extractable: true });
const forger = await generateKeyPair('RS256', { extractable: true });
const signingJwk = { ...(await exportJWK(signing.privateKey)), kid: KID, alg: 'RS256', use: 'sig' };

/** Refusal mode and replay source per authorization code, and the ID token issued for each code. */
const modes = new Map();
const issued = new Map();

function claimsOf(login) {
  const email = login.includes('@') ? login : `${login}@example.test`;
  const local = email.split('@')[0];
  return {
    sub: login,
    email,
    email_verified: !login.toLowerCase().startsWith('unverified'),
    name: local.replace(/[._-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
  };
}

let provider;
let issuer;

const server = http.createServer((req, res) => {
  const url = new URL(req.url, issuer);
  let handled;
  if (url.pathname.startsWith('/interaction/')) handled = interaction(req, res, url);
  else if (url.pathname === '/test/complete' && req.method === 'POST') handled = complete(req, res);
  else return provider.callback()(req, res);
  handled.catch((error) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
    res.end(String(error?.message ?? error));
  });
});

await new Promise((resolve) => server.listen(Number(process.env.OIDC_PORT ?? 0), '127.0.0.1', resolve));
issuer = `http://127.0.0.1:${server.address().port}`;

provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: redirectUris,
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_basic',
      // Native: a loopback redirect URI matches on every port (RFC 8252, 7.3), so one registration serves the
      // test servers on their free ports.
      application_type: 'native',
    },
  ],
  jwks: { keys: [signingJwk] },
  cookies: { keys: ['breaktime-oidc-test-cookies'] },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  // The ID token of the code flow carries the e-mail claims (as Google's and Okta's do), not only the userinfo.
  conformIdTokenClaims: false,
  features: { devInteractions: { enabled: false } },
  pkce: { required: () => true },
  ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
  interactions: { url: (ctx, interaction) => `/interaction/${interaction.uid}` },
  findAccount: async (ctx, id) => ({ accountId: id, claims: async () => claimsOf(id) }),
});

// The tampering step in front of the token endpoint's answer (see the modes above).
provider.use(async (ctx, next) => {
  await next();
  if (ctx.method !== 'POST' || ctx.path !== '/token' || ctx.status !== 200 || !ctx.body?.id_token) return;
  const code = ctx.oidc?.params?.code;
  issued.set(code, ctx.body.id_token);
  const chosen = modes.get(code);
  if (!chosen) return;
  const claims = decodeJwt(ctx.body.id_token);
  const header = decodeProtectedHeader(ctx.body.id_token);
  const sign = (payload, key) => new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: header.kid ?? KID }).sign(key);
  const now = Math.floor(Date.now() / 1000);
  switch (chosen.mode) {
    case 'forged':
      ctx.body = { ...ctx.body, id_token: await sign(claims, forger.privateKey) };
      break;
    case 'wrong-audience':
      ctx.body = { ...ctx.body, id_token: await sign({ ...claims, aud: 'another-client', azp: undefined }, signing.privateKey) };
      break;
    case 'expired':
      ctx.body = { ...ctx.body, id_token: await sign({ ...claims, iat: now - 7200, exp: now - 3600 }, signing.privateKey) };
      break;
    case 'replay': {
      const earlier = issued.get(chosen.replay);
      if (!earlier) throw new Error(`no ID token was issued for the code ${chosen.replay}`);
      ctx.body = { ...ctx.body, id_token: earlier };
      break;
    }
    default:
      throw new Error(`unknown mode ${chosen.mode}`);
  }
});

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// The sign-in page: one field, any login signs in (see the accounts above), consent is given with it.
async function interaction(req, res, url) {
  const details = await provider.interactionDetails(req, res);
  if (req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Test identity provider</h1>
<form method="post" action="${escapeHtml(url.pathname)}">
<label>E-mail <input name="login" type="text" autocomplete="off" required></label>
<button type="submit">Continue</button>
</form></main></body></html>`);
    return;
  }
  const form = new URLSearchParams(await readBody(req));
  const login = (form.get('login') ?? '').trim();
  if (!login) {
    res.writeHead(400, { 'content-type': 'text/plain' });
    res.end('login is required');
    return;
  }
  const grant = new provider.Grant({ accountId: login, clientId: details.params.client_id });
  grant.addOIDCScope(String(details.params.scope ?? 'openid'));
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { login: { accountId: login }, consent: { grantId } }, { mergeWithLastSubmission: false });
}

// The browser's part of a sign-in, for tests that have no browser: follows the authorization URL with a cookie jar.
async function complete(req, res) {
  const { url, login, mode, replay } = JSON.parse(await readBody(req));
  const jar = new Map();
  const go = async (target, init = {}) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(target, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie } });
    for (const set of response.headers.getSetCookie()) {
      const pair = set.split(';')[0];
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(set)) jar.delete(name);
      else jar.set(name, value);
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`${target}: ${response.status} without a redirect: ${await response.text()}`);
    return new URL(location, issuer).href;
  };
  let location = await go(url);
  if (new URL(location).pathname.startsWith('/interaction/')) {
    location = await go(location, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login }).toString(),
    });
    location = await go(location);
  }
  const code = new URL(location).searchParams.get('code');
  if (code && mode) modes.set(code, { mode, replay });
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ location, code }));
}

console.log(`OIDC provider listening on ${issuer}`);
