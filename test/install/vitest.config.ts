import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The production install, from a copy of the project without node_modules or dist/; run by `npm run test:install`.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/install/**/*.install.ts'],
    // npm ci (up to 18 min beside the other suites), the build, the prune and a start
    testTimeout: 25 * 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/install.json' },
  },
});
