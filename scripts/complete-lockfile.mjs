// This machine's npm writes lock files without registry addresses
// (omit-lockfile-registry-resolved). With that setting npm leaves out some optional
// platform packages it did not install (other OS/CPU builds of unrs-resolver's native
// binding), and `npm ci` then refuses the lock file as incomplete. This asks `npm ci
// --dry-run` which entries it misses and adds them back: name, version, os/cpu/libc and
// optional, still without any registry address. The platform comes from the package name
// (`…-<os>-<cpu>[-<abi>]`): the registry reachable here does not carry the builds for
// other platforms, and `npm ci` never fetches them on this one.
// Run after `npm install` changes dependencies: node scripts/complete-lockfile.mjs
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const lockPath = new URL('../package-lock.json', import.meta.url);
const dryRun = spawnSync('npm', ['ci', '--dry-run', '--no-audit', '--no-fund'], { cwd: root, encoding: 'utf8' });
const missing = [...`${dryRun.stdout}${dryRun.stderr}`.matchAll(/Missing: (@?[^@\s]+)@(\S*) from lock file/g)].map(
  (match) => match[1],
);
if (missing.length === 0) {
  console.log('complete-lockfile: nothing missing');
  process.exit(0);
}

const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const packages = lock.packages;
const rangeOf = (name) => {
  for (const entry of Object.values(packages)) {
    const range = entry.optionalDependencies?.[name];
    if (range) return range;
  }
  throw new Error(`no package asks for ${name}`);
};

const operatingSystems = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'openharmony',
  'win32',
  'netbsd',
  'openbsd',
  'sunos',
  'aix',
];
const cpus = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').at(-1).split('-');
  const osIndex = parts.findIndex((part) => operatingSystems.includes(part));
  if (osIndex < 0) throw new Error(`cannot tell the platform of ${name}`);
  const cpu = parts[osIndex + 1];
  if (!cpus.includes(cpu)) throw new Error(`cannot tell the CPU of ${name}`);
  const abi = parts[osIndex + 2] ?? '';
  const libc = abi.startsWith('musl') ? ['musl'] : abi.startsWith('gnu') ? ['glibc'] : undefined;
  return { os: [parts[osIndex]], cpu: [cpu], ...(libc ? { libc } : {}) };
}

for (const name of missing) {
  const range = rangeOf(name);
  if (!/^\d+\.\d+\.\d+$/.test(range))
    throw new Error(`${name} is asked for with a range (${range}); pin it or add it by hand`);
  const { os, cpu, libc } = platformOf(name);
  packages[`node_modules/${name}`] = { version: range, cpu, os, ...(libc ? { libc } : {}), optional: true };
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${missing.length} optional platform entries: ${missing.join(', ')}`);
