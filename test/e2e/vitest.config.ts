import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser and one server per file; files run one after another.
    fileParallelism: false,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/e2e.json' },
  },
});
