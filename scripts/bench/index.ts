// `npm run bench`: every performance figure the project tracks, measured in one run.
import { measureReferralBundle } from './bundle';
import { runLandingBench } from './landing';
import { runLeadBench } from './leads';
import { runPipelineBench } from './pipeline';
import { runDashboardBench } from './dashboard';
import { runMeBench } from './me';
import { runMemoryBench } from './memory';
import { runCommissionBench } from './commissions';
import { runIntegrityBench } from './integrity';
import { runPayoutBench } from './payouts';
import { runSplitBench } from './splits';
import { runWebhookBench } from './webhooks';

async function main(): Promise<void> {
  console.log('== Landing page JavaScript (gzip) ==');
  await measureReferralBundle();
  console.log('\n== Landing page load on a throttled phone (issue 12 §1) ==');
  await runLandingBench();
  console.log('\n== Lead submissions under load (loopback) ==');
  await runLeadBench();
  console.log('\n== GET /users/me at 50 connections, session cache off/on ==');
  await runMeBench();
  console.log('\n== Idle memory of the server as npm start runs it (issue 8 §4) ==');
  await runMemoryBench();
  console.log('\n== Lead pipeline lists at 1,000,000 leads (PostgreSQL) ==');
  await runPipelineBench();
  console.log('\n== Partner dashboard API (10,000 referrals, a year of visits) ==');
  await runDashboardBench();
  console.log('\n== Residual report import (20,000 rows) ==');
  await runCommissionBench();
  console.log('\n== Referral integrity: matching a new referral against 1,000,000 claims and 100,000 merchants (PostgreSQL) ==');
  await runIntegrityBench();
  console.log('\n== Payout batch and its NACHA file (10,000 partners) ==');
  await runPayoutBench();
  console.log('\n== Split residuals: 50,000 rows, three-level chains (PostgreSQL, issue 21) ==');
  await runSplitBench();
  console.log('\n== Webhooks: 10,000 events to three endpoints (issue 24 §5) ==');
  await runWebhookBench();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
