// Fails when the JavaScript a first visit must download exceeds the budget.
// "Initial" = the entry chunk and everything it imports statically (the Vite manifest's `imports`,
// followed transitively), plus any other script dist/index.html loads up front, plus the chunks
// index.html preloads for the page `/` shows (its `page-chunks` list). Other lazy routes and
// dialogs (`dynamicImports`) are not counted. Sizes are gzip level 9, as servers typically send.
// Also fails when a chunk lacks the compile hint, or when an inline script of index.html is not
// allowed by its hash in the CSP of template.yaml, of the local server and of the e2e stand-in.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// 170 until the first week's additions to the first screen (the nav's counts, the team's name, the time zone question's
// switch, type names in the reader's language on the Dashboard) took 1 KiB more; the question and the name themselves load
// after the first screen.
const BUDGET_KIB = 172;
const dist = new URL('../dist/', import.meta.url).pathname;
const manifestPath = join(dist, '.vite', 'manifest.json');

if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run \`npm run build\` first.`);
  process.exit(2);
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const html = readFileSync(join(dist, 'index.html'), 'utf8');

const files = new Set();
const visit = (key) => {
  const entry = manifest[key];
  if (!entry || files.has(entry.file)) return;
  files.add(entry.file);
  for (const imported of entry.imports ?? []) visit(imported);
};
for (const [key, entry] of Object.entries(manifest)) if (entry.isEntry) visit(key);

// Scripts and module preloads the HTML itself asks for (e.g. the service-worker registration).
for (const match of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g)) files.add(match[1]);
// The chunks of the page at the address, which index.html's first script preloads (vite.config.ts, preloadPages).
const pageChunks = JSON.parse(html.match(/<script type="application\/json" id="page-chunks">([^<]*)<\/script>/)?.[1] ?? '{}');
if (!pageChunks['/']) {
  console.error('index.html lists no chunks to preload for /');
  process.exit(1);
}
for (const file of pageChunks['/']) files.add(file);

let total = 0;
const rows = [];
for (const file of [...files].sort()) {
  const bytes = readFileSync(join(dist, file));
  const gzip = gzipSync(bytes, { level: 9 }).length;
  total += gzip;
  rows.push({ file, raw: bytes.length, gzip });
}

const kib = (n) => (n / 1024).toFixed(1);
for (const row of rows) console.log(`  ${row.file.padEnd(48)} ${kib(row.raw).padStart(8)} KiB raw ${kib(row.gzip).padStart(7)} KiB gzip`);
console.log(`Initial JavaScript: ${kib(total)} KiB gzip (budget ${BUDGET_KIB} KiB, ${files.size} file${files.size === 1 ? '' : 's'})`);

// V8's compile hint (vite.config.ts, compileHints): every chunk begins with it, so Chromium compiles it off the main
// thread as it streams.
const HINT = '//# allFunctionsCalledOnLoad\n';
const chunks = Object.values(manifest).filter((entry) => entry.file.endsWith('.js'));
const unhinted = chunks.filter((entry) => !readFileSync(join(dist, entry.file), 'utf8').startsWith(HINT)).map((entry) => entry.file);
console.log(`Compile hint: on ${chunks.length - unhinted.length} of ${chunks.length} chunks`);
if (unhinted.length > 0) {
  console.error(`Without the compile hint: ${unhinted.join(', ')}`);
  process.exit(1);
}

if (total > BUDGET_KIB * 1024) {
  console.error(`Over budget by ${kib(total - BUDGET_KIB * 1024)} KiB.`);
  process.exit(1);
}

// Each inline script must be allowed by its hash wherever the web app's CSP is written.
const policies = ['../../template.yaml', '../../infra/local-server/src/lib.rs', '../e2e/support/mock-api.mjs'].map((file) => new URL(file, import.meta.url));
for (const match of html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g)) {
  const hash = `'sha256-${createHash('sha256').update(match[1]).digest('base64')}'`;
  const missing = policies.filter((file) => !readFileSync(file, 'utf8').includes(hash)).map((file) => file.pathname);
  console.log(`Inline script ${hash}: ${missing.length === 0 ? 'in every CSP' : `missing from ${missing.join(', ')}`}`);
  if (missing.length > 0) process.exit(1);
}
