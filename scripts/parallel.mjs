// Runs npm scripts side by side and prints each one's output in one piece when it ends:
// `node scripts/parallel.mjs typecheck lint build+test:budgets test:unit`. An argument joined with `+` is a
// chain: its scripts run one after another, each only if the one before passed. Fails when any script fails.
// The type checker, the linters, the bundler and the unit tests each leave a core idle part of the time
// (a single thread, a wait on disk or on the database), so on this 2-core machine together they take
// little more than their CPU, where one after another they took the sum of their wall times.
import { spawn } from 'node:child_process';

const chains = process.argv.slice(2).map((arg) => arg.split('+'));
if (chains.length === 0) {
  console.error('usage: node scripts/parallel.mjs <npm script>[+<npm script> …] …');
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

async function runChain(scripts) {
  for (const script of scripts) {
    if (!(await run(script))) return false;
  }
  return true;
}

const results = await Promise.all(chains.map(runChain));
if (results.includes(false)) process.exitCode = 1;
