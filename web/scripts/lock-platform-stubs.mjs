// Some registry mirrors carry only the Linux builds of packages that ship one binary per platform
// (@tailwindcss/oxide-*, @rollup/rollup-*). `npm install` then leaves the other platforms out of
// package-lock.json, and `npm ci` refuses the lock ("Missing: ... from lock file"). This puts those
// optional entries back, with the os/cpu/libc fields npm uses to skip them on other machines.
// Run after changing dependencies: npm install && npm run lock:platforms
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const cpus = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32'];
const systems = { android: 'android', darwin: 'darwin', freebsd: 'freebsd', linux: 'linux', openbsd: 'openbsd', openharmony: 'openharmony', win32: 'win32' };

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.map((part) => systems[part]).find(Boolean);
  const cpu = parts.find((part) => cpus.includes(part));
  if (!cpu) return undefined;
  const entry = {};
  if (os) entry.os = [os];
  entry.cpu = [cpu];
  if (os === 'linux') entry.libc = parts.some((part) => part.startsWith('musl')) ? ['musl'] : ['glibc'];
  return entry;
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (packages[key] || packages[`${path}/node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    packages[key] = { version, optional: true, ...platform };
    added += 1;
  }
}

lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform entr${added === 1 ? 'y' : 'ies'} added`);
