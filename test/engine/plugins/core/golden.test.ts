/**
 * Golden cases of the core plugins (this folder's golden/ directory), run
 * through the engine's golden-file runner: one test per file.
 */
import { fileURLToPath } from 'node:url';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectGoldenFiles, runGoldenFile } from '../../../../engine/golden/runner.ts';

const dir = fileURLToPath(new URL('./golden', import.meta.url));
const files = collectGoldenFiles([dir]);

describe('core plugin golden files', () => {
  it('finds the cases', () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
  });

  for (const file of files) {
    it(basename(file), () => {
      const outcome = runGoldenFile(file);
      if (outcome.status === 'fail') expect.fail(outcome.reason);
      expect(outcome.status).toBe('pass');
    });
  }
});
