// A stand-in for the local server, for running the e2e suite before (or without) the Rust backend:
// it serves web/dist with the same CSP and answers the account calls of docs/api.md from memory.
// The real run (make test) uses `cargo run -p breaktime-local` instead. Usage:
//   PORT=4180 node e2e/support/mock-api.mjs
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { createGzip } from 'node:zlib';

const PORT = Number(process.env.PORT ?? 4180);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DIST = new URL('../../dist/', import.meta.url).pathname;
const ACCESS_TTL_S = Number(process.env.ACCESS_TTL_S ?? 8 * 3600);
const SECRET = randomBytes(32);
const CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self' 'sha256-Gxr07R8FUxpoxZFSGrVLwY2+o3dV4yDaVTZYGfNBA0A='; connect-src 'self'; manifest-src 'self'; worker-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

const users = new Map(); // email -> { id, name, email, password, active }
const linkTokens = new Map(); // token -> { kind, email }
const refreshTokens = new Map(); // token -> email
const outbox = [];

const b64url = (buf) => Buffer.from(buf).toString('base64url');
function sign(user) {
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = b64url(JSON.stringify({ sub: user.id, name: user.name, exp: Math.floor(Date.now() / 1000) + ACCESS_TTL_S }));
  const signature = b64url(createHmac('sha256', SECRET).update(`${header}.${payload}`).digest());
  return `${header}.${payload}.${signature}`;
}
function verify(token) {
  const [header, payload, signature] = (token ?? '').split('.');
  if (!signature) return undefined;
  const expected = b64url(createHmac('sha256', SECRET).update(`${header}.${payload}`).digest());
  if (expected !== signature) return undefined;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  return claims.exp * 1000 > Date.now() ? claims : undefined;
}

const send = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const data = (res, payload, status = 200) => send(res, status, { data: payload });
const failure = (res, status, message, errors) => send(res, status, errors ? { message, errors } : { message });

function mail(to, subject, path) {
  const link = `${ORIGIN}${path}`;
  outbox.push({ id: randomUUID(), to, subject, text: `${subject}: ${link}`, html: `<a href="${link}">${subject}</a>`, link, sentAt: new Date().toISOString() });
}
function linkToken(kind, email) {
  const token = randomBytes(24).toString('base64url');
  linkTokens.set(token, { kind, email });
  return token;
}
function session(user) {
  const refresh = randomBytes(24).toString('base64url');
  refreshTokens.set(refresh, user.email);
  return { access_token: sign(user), refresh_token: refresh };
}
const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const routes = {
  'POST /user/signup': (res, { name = '', email = '', password = '' }) => {
    email = email.trim().toLowerCase();
    if (name.trim().length < 3) return failure(res, 422, 'Name must be at least 3 characters long.', { name: 'Name must be at least 3 characters long.' });
    if (!emailShape.test(email)) return failure(res, 422, 'Please enter a valid email address.', { email: 'Please enter a valid email address.' });
    if (password.length < 6 || password.length > 20)
      return failure(res, 422, 'Password must be 6 to 20 characters.', { password: 'Password must be 6 to 20 characters.' });
    if (users.has(email)) return failure(res, 409, 'An account with this email already exists.');
    users.set(email, { id: randomUUID(), name: name.trim(), email, password, active: false });
    mail(email, 'Verify your Breaktime account', `/verify-new-email?token=${linkToken('verify', email)}&kind=signup`);
    return data(res, { message: 'Verification email sent.', email }, 201);
  },
  'POST /user/verify-email': (res, { token }) => {
    const entry = linkTokens.get(token);
    if (!entry || entry.kind !== 'verify') return failure(res, 400, 'This link is invalid or has expired.');
    linkTokens.delete(token);
    users.get(entry.email).active = true;
    return data(res, { message: 'Your email is verified. You can now sign in.' });
  },
  'POST /user/resend-verification': (res, { email = '' }) => {
    const user = users.get(email.trim().toLowerCase());
    if (user && !user.active) mail(user.email, 'Verify your Breaktime account', `/verify-new-email?token=${linkToken('verify', user.email)}&kind=signup`);
    return data(res, { message: 'If the account exists, a verification email has been sent.' });
  },
  'POST /user/forgot-password': (res, { email = '' }) => {
    const user = users.get(email.trim().toLowerCase());
    if (user && !user.active) return failure(res, 403, 'Email is not active. Please verify your email first.');
    if (user) mail(user.email, 'Reset your Breaktime password', `/verify-reset-password?token=${linkToken('reset', user.email)}`);
    return data(res, { message: 'If the account exists, a reset link has been sent.' });
  },
  'POST /user/reset-password': (res, { token, password = '' }) => {
    const entry = linkTokens.get(token);
    if (!entry || entry.kind !== 'reset') return failure(res, 400, 'This link is invalid or has expired.');
    if (password.length < 6 || password.length > 20)
      return failure(res, 422, 'Password must be 6 to 20 characters.', { password: 'Password must be 6 to 20 characters.' });
    linkTokens.delete(token);
    users.get(entry.email).password = password;
    for (const [refresh, email] of refreshTokens) if (email === entry.email) refreshTokens.delete(refresh);
    return data(res, { message: 'Your password has been reset. You can now sign in.' });
  },
  'POST /auth/login': (res, { email = '', password = '' }) => {
    const user = users.get(email.trim().toLowerCase());
    if (!user || user.password !== password) return failure(res, 401, 'Invalid email or password.');
    if (!user.active) return failure(res, 403, 'Email is not active. Please verify your email first.');
    const tokens = session(user);
    const payload = { name: user.name, id: user.id, email: user.email, ...tokens };
    return send(res, 200, { data: payload, ...payload });
  },
  'POST /auth/refresh-token': (res, { refresh_token }) => {
    const email = refreshTokens.get(refresh_token);
    if (!email) return failure(res, 401, 'Unauthorized');
    refreshTokens.delete(refresh_token);
    const user = users.get(email);
    const payload = { ...session(user), id: user.id, name: user.name };
    return send(res, 200, { data: payload, ...payload });
  },
  'POST /auth/logout': (res, { refresh_token }) => {
    refreshTokens.delete(refresh_token);
    return data(res, { message: 'Signed out.' });
  },
  'POST /contactUs/send': (res, { email = '', subject = '', description = '', website = '' }) => {
    if (website) return failure(res, 400, 'Error in sending message.');
    if (!emailShape.test(email) || !subject.trim() || !description.trim()) return failure(res, 422, 'Please fill in every field.');
    return data(res, 'message sent!');
  },
  'GET /admin/get-count': (res, _body, req) => {
    const claims = verify((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!claims) return failure(res, 401, 'Unauthorized');
    return data(res, 1);
  },
  'GET /dev/outbox': (res) => data(res, outbox),
  'GET /auth/providers': (res) => data(res, { github: false, google: false }),
  'GET /auth/github': (res) => failure(res, 404, 'GitHub sign-in is not configured.'),
  'GET /auth/google': (res) => failure(res, 404, 'Google sign-in is not configured.'),
};

const types = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain',
};

function serveStatic(req, res, pathname) {
  let file = normalize(join(DIST, pathname));
  if (!file.startsWith(DIST) || !existsSync(file) || statSync(file).isDirectory()) file = join(DIST, 'index.html');
  const type = types[extname(file)] ?? 'application/octet-stream';
  const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && !type.startsWith('image/png');
  res.writeHead(200, {
    'content-type': type,
    'content-security-policy': CSP,
    'cache-control': 'no-cache',
    vary: 'accept-encoding',
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
  });
  const stream = createReadStream(file);
  (gzip ? stream.pipe(createGzip()) : stream).pipe(res);
}

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', ORIGIN);
  const handler = routes[`${req.method} ${url.pathname}`];
  if (!handler) return serveStatic(req, res, url.pathname);
  let body = {};
  if (req.method !== 'GET') {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    try {
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : {};
    } catch {
      return failure(res, 400, 'Malformed JSON.');
    }
  }
  return handler(res, body, req);
}).listen(PORT, '127.0.0.1', () => console.log(`mock API and web app on ${ORIGIN}`));
