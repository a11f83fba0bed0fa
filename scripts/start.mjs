// `npm start`: builds whatever is missing, then runs the server in production mode on the
// embedded defaults (PGlite under ./data, in-process jobs, log mailer) unless the
// environment says otherwise. PORT (default 3000) and DATA_DIR (default ./data) are honoured.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Each build's last files: the web build writes the app's pages, then the shared demo's page, then
// the prerendered landing (a build stopped half way is built again).
const builds = [
  {
    workspace: '@agentry/web',
    outputs: ['apps/web/dist/index.html', 'apps/web/dist/demo.html', 'apps/web/dist/landing.html'],
  },
  { workspace: '@agentry/widget', outputs: ['apps/widget/dist/manifest.json'] },
  { workspace: '@agentry/server', outputs: ['apps/server/dist/main.js', 'apps/server/dist/pglite-worker.js'] },
];

for (const { workspace, outputs } of builds) {
  const missing = outputs.find((output) => !fs.existsSync(path.join(root, output)));
  if (!missing) continue;
  console.log(`[start] ${missing} is missing: building ${workspace}`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
