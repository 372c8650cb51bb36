// Run as its own process by openDatabase when a data directory has no cluster yet: creates it
// (initdb), applies the migrations and exits. Creating a cluster grows PGlite's WebAssembly memory to
// about 600 MB, and what it leaves behind in the process that ran it (malloc's heap, the optimised
// WebAssembly code) stayed resident after the instance was closed: 40 to 110 MB more idle than a
// restart. Here it leaves with the process. Usage: create-cluster <pgdata directory>.
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, pgliteOptions } from '.';

const dir = process.argv[2];
if (!dir) throw new Error('usage: create-cluster <pgdata directory>');
const client = new PGlite(dir, pgliteOptions);
await migrate(drizzle(client), { migrationsFolder });
await client.close();
