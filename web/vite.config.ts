import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** Where the dev server and `vite preview` send API and websocket calls (FOVEA_SERVER_URL overrides). */
const SERVER = process.env.FOVEA_SERVER_URL ?? 'http://127.0.0.1:9999';

/** Textual files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.map',
]);
/** Below this the headers cost more than the saving. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `.br` (best quality) and `.gz` siblings of every textual file of the build, once, so the server
 * sends them without compressing anything per request (server/src/http/static-web.ts).
 */
function precompress(outDir: string): Plugin {
  return {
    name: 'fovea-precompress',
    apply: 'build',
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.has(extname(file)));
      await Promise.all(
        files.map(async (file) => {
          const body = await readFile(file);
          if (body.length < MIN_BYTES) return;
          const brotli = brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          });
          await writeFile(`${file}.br`, brotli);
          await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
        }),
      );
    },
  };
}

export default defineConfig({
  base: '/ui/',
  plugins: [react(), precompress(new URL('./dist', import.meta.url).pathname)],
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
