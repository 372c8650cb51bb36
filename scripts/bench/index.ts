// `npm run bench`: every performance figure the project tracks, measured in one run.
import { measureReferralBundle } from './bundle';
import { runLeadBench } from './leads';

async function main(): Promise<void> {
  console.log('== Landing page JavaScript (gzip) ==');
  await measureReferralBundle();
  console.log('\n== Lead submissions under load (loopback) ==');
  await runLeadBench();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
