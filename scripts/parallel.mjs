// Runs npm scripts side by side and prints each one's output in one piece when it ends:
// `node scripts/parallel.mjs typecheck lint:quick`. Fails when any of them fails. The type checker,
// the linters and the bundler each wait on disk or a single thread part of the time, so on this 2-core
// machine together they take little more than the longest of them.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/parallel.mjs <npm script> [<npm script> …]');
  process.exit(2);
}

function run(script) {
  const startedAt = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '1' },
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
      const status = code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n── npm run ${script}: ${status} in ${seconds} s ──\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(scripts.map(run));
if (results.includes(false)) process.exitCode = 1;
