import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './build/precompress';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    // Maps are written for the bundle report and local debugging, but no sourceMappingURL points at
    // them and the server refuses to serve *.map.
    sourcemap: 'hidden',
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
});
