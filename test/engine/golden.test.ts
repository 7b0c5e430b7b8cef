/**
 * Golden files: the shared conformance corpus of the Java reference (when it
 * is present beside the project, as in CI) and the project's own cases in
 * fixtures/golden. Each file is one test.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectGoldenFiles, runGoldenFile } from '../../engine/golden/runner.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const shared = fileURLToPath(new URL('../../../shared/conformance', import.meta.url));
const own = fileURLToPath(new URL('../../fixtures/golden', import.meta.url));

function suite(title: string, dir: string): void {
  describe(title, () => {
    for (const file of collectGoldenFiles([dir])) {
      const name = relative(root, file);
      it(name, () => {
        const outcome = runGoldenFile(file);
        if (outcome.status === 'fail') expect.fail(outcome.reason);
      });
    }
  });
}

if (existsSync(shared)) {
  suite('shared conformance corpus', shared);
} else {
  describe('shared conformance corpus', () => {
    it.skip('skipped: ../shared/conformance is not present beside the project', () => {});
  });
  console.warn('[golden] ../shared/conformance not found: the shared corpus is skipped');
}

suite('project golden files', own);
