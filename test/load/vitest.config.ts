import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Load and crash checks: loopback only, bounded in count and time; run by `npm run test:load`.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/load/**/*.load.ts'],
    testTimeout: 60000,
    hookTimeout: 30000,
    fileParallelism: false,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/load.json' },
  },
});
