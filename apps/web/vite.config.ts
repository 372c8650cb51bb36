import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './build/precompress';
import { landingCriticalCss } from './build/landing-critical-css';

const distDir = fileURLToPath(new URL('./dist', import.meta.url));

// `npm run build` runs two builds: the browser's app (dist/), then the landing page's server
// renderer (`--ssr`, dist/ssr/, never served; issue 12 §1) with its critical CSS.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react(), landingCriticalCss(distDir)] : [react(), tailwindcss(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  // The renderer carries React and the page's code with it, so the server needs nothing of the web app's.
  ssr: { noExternal: true },
  // React's production build in the renderer, whatever NODE_ENV the server runs with.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? { outDir: 'dist/ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false }
    : {
        // Maps are written for the bundle report and local debugging, but no sourceMappingURL points at
        // them and the server refuses to serve *.map.
        sourcemap: 'hidden' as const,
        // The server reads it to preload the landing page's chunks (apps/server/src/plugins/landing-ssr.ts).
        manifest: true,
        chunkSizeWarningLimit: 300,
        rolldownOptions: {
          output: {
            // Long-lived vendor chunks, cached across deploys: React for the portal and the referral page,
            // zod for the portal's forms only (the referral page must not load it: docs/decisions/003).
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
              ],
            },
          },
        },
      },
}));
