/**
 * `tmpl plugins --long` prints the reference's listing: each formatter and
 * predicate with its arguments and one-line summary.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../../engine/cli.ts';
import { defaultRegistry } from '../../../engine/index.ts';
import { pluginListing } from '../../../engine/reference/plugin-listing.ts';

function run(argv: string[]): { code: number; out: string[] } {
  const out: string[] = [];
  const code = main(argv, { out: (s) => out.push(s), err: () => {} });
  return { code, out };
}

describe('tmpl plugins', () => {
  it('--long prints every plugin with its arguments and summary', () => {
    const { code, out } = run(['plugins', '--long']);
    expect(code).toBe(0);
    expect(out).toEqual(pluginListing(defaultRegistry, true));
    expect(out.find((line) => line.startsWith('formatter apply '))).toMatch(/NAME \[private\] \[KEY=VALUE…\] +Renders the partial or macro NAME/);
  });

  it('without --long prints the names only', () => {
    const { code, out } = run(['plugins']);
    expect(code).toBe(0);
    expect(out).toContain('formatter apply');
    expect(out).toHaveLength(defaultRegistry.formatterNames().length + defaultRegistry.predicateNames().length);
  });
});
