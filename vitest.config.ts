import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: './contract',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './server',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
      './web/vite.config.ts',
    ],
  },
});
