/**
 * The content and social golden files of the shared conformance corpus (when
 * it is checked out beside this repository).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { runGoldenFile } from '../../../../engine/golden/runner.ts';

const CORPUS = fileURLToPath(new URL('../../../../../shared/conformance/plugins/platform/', import.meta.url));

const OURS =
  /^(f-activate-twitter-links|f-audio-player|f-child-image-meta|f-comment|f-comments|f-cover-image-meta|f-google-calendar-url|f-humanize-duration|f-image|f-item-classes|f-like-button|f-social-button|f-twitter-follow-button|f-video|p-)/;
const NOT_OURS = /^p-(has-variants|on-sale|sold-out|varied-prices)/;

const files = existsSync(CORPUS)
  ? readdirSync(CORPUS)
      .filter((name) => OURS.test(name) && !NOT_OURS.test(name))
      .sort()
  : [];

describe.skipIf(files.length === 0)('content and social golden files', () => {
  test('the corpus holds the expected cases', () => {
    expect(files.length).toBe(80);
  });
  test.each(files)('%s', (name) => {
    const outcome = runGoldenFile(join(CORPUS, name));
    expect(outcome.status === 'fail' ? outcome.reason : outcome.status).toBe('pass');
  });
});
