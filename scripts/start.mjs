// `npm start`: build the web app and the server when either is missing or older than its sources,
// then serve the API and the app (migrations run at server start-up). The server runs as the
// JavaScript bundle apps/server/dist/server.js under plain node (decision 011); `npm run dev` and
// the tests run the TypeScript sources through tsx.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builds = [
  {
    name: 'the web app',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src'],
    command: ['npm', ['run', 'build', '-w', 'apps/web']],
  },
  {
    name: 'the server',
    output: 'apps/server/dist/server.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', 'packages/contract/src'],
    // node directly rather than through npm: one process less, and the bundle takes about a second.
    command: [process.execPath, ['apps/server/build.mjs']],
  },
];

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

for (const { name, output, sources, command } of builds) {
  const builtAt = fs.statSync(path.join(root, output), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (builtAt >= changedAt) continue;
  console.log(builtAt ? `Sources of ${name} changed; rebuilding…` : `Building ${name} (first start)…`);
  const build = spawnSync(command[0], command[1], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  // glibc keeps the memory start-up frees (migrations, module loading) unless told to hand back more than
  // 64 KB at the top of its heap: idle RSS on the embedded database drops from about 315 to 280 MB.
  env: { NODE_ENV: 'production', MALLOC_TRIM_THRESHOLD_: '65536', ...process.env },
});
// The server stops within SHUTDOWN_TIMEOUT_MS of a signal (apps/server/src/server.ts); should it not, it is
// killed a moment later, so this process never outlives it for long. Nothing here writes to stdout or
// stderr once the server runs: a write nobody reads could block this process, as it once blocked the server.
const shutdownTimeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? readDotEnv().SHUTDOWN_TIMEOUT_MS ?? 10_000) || 10_000;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    server.kill(signal);
    setTimeout(() => server.kill('SIGKILL'), shutdownTimeoutMs + 1_500).unref();
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

/** .env as the server reads it (without applying it here: the server's own environment stays as given). */
function readDotEnv() {
  try {
    return parseEnv(fs.readFileSync(path.join(root, '.env'), 'utf8'));
  } catch {
    return {};
  }
}
