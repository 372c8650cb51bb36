// `npm run build -w apps/server`: the server compiled to one JavaScript module, dist/server.js, which
// `npm start` runs with plain `node` (no TypeScript loader in the production process; decision 011),
// and beside it dist/create-cluster.js, which the server runs once to create an embedded cluster.
// Only the server's own sources and the contract package (TypeScript source) are bundled; every other
// package stays an import resolved from node_modules at run time, as it is under tsx.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = path.dirname(fileURLToPath(import.meta.url));

/** Bare imports are external, except the workspace's own TypeScript packages. */
const packagesExternal = {
  name: 'packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  // The server, and the script it runs in a process of its own to create an embedded cluster (src/db/index.ts).
  entryPoints: [path.join(serverRoot, 'src/server.ts'), path.join(serverRoot, 'src/db/create-cluster.ts')],
  // Both directly in dist/, one folder below apps/server as src/server-root.ts expects.
  outdir: path.join(serverRoot, 'dist'),
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Class and function names stay as written: errors and logs name them.
  keepNames: true,
  // Written beside the bundle for reading a stack trace; node does not load it.
  sourcemap: 'linked',
  plugins: [packagesExternal],
  logLevel: 'warning',
});
