// `npm run test:e2e:prepare`: makes the browser tests' template database for the current build ahead of
// them (support/server.ts, prepareTemplate), so `npm test` pays for it while the unit tests run.
import { prepareTemplate } from './server';

console.log(`portal template: ${await prepareTemplate()}`);
