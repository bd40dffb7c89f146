import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Where the dev server and `vite preview` send API and websocket calls (FOVEA_SERVER_URL overrides). */
const SERVER = process.env.FOVEA_SERVER_URL ?? 'http://127.0.0.1:9999';

export default defineConfig({
  base: '/ui/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The budget is on the gzipped initial JS (under 350 KB); the main chunk is ~630 KB before gzip.
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': SERVER,
      '/img': SERVER,
      '/download': SERVER,
      '/heresphere': SERVER,
      '/deovr': SERVER,
      '/flags': SERVER,
      '/dlna': SERVER,
      '/ws': { target: SERVER, ws: true },
    },
  },
  preview: {
    port: 4173,
    strictPort: true,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
  },
});
