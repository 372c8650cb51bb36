import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server). This module sits one level below it in the sources
 * (src/server-root.ts), and so does the bundle `npm start` runs (dist/server.js, everything in one
 * module): paths to the migrations and the web build are made from here so they hold in both.
 */
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
