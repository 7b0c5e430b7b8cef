/**
 * `tmpl plugins --long` prints the reference's listing: each formatter and
 * predicate with its arguments and one-line summary.
 */
import { describe, expect, it } from 'vitest';
import { defaultRegistry } from '../../../engine/index.ts';
import { pluginListing } from '../../../engine/reference/plugin-listing.ts';
import { runCli } from '../cli-helpers.ts';

describe('tmpl plugins', () => {
  it('--long prints every plugin with its arguments and summary', async () => {
    const { code, out } = await runCli(['plugins', '--long']);
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines).toEqual(pluginListing(defaultRegistry, true));
    expect(lines.find((line) => line.startsWith('formatter apply '))).toMatch(/NAME \[private\] \[KEY=VALUE…\] +Renders the partial or macro NAME/);
  });

  it('without --long prints the names only', async () => {
    const { code, out } = await runCli(['plugins']);
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines).toContain('formatter apply');
    expect(lines).toHaveLength(defaultRegistry.formatterNames().length + defaultRegistry.predicateNames().length);
  });
});
