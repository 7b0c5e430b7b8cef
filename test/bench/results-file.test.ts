import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { replaceSection } from '../../bench/lib/results-file.ts';

describe('bench/RESULTS.md sections', () => {
  it('puts the CLI section after the server section, before what follows it, and a second run replaces it', () => {
    const file = pathToFileURL(join(mkdtempSync(join(tmpdir(), 'results-')), 'RESULTS.md'));
    replaceSection('engine', 'engine part', file);
    replaceSection('server', 'server part', file);
    replaceSection('cli', 'first cli run', file);
    replaceSection('cli', 'cli part', file);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('first cli run');
    const order = ['engine part', 'server part', '<!-- cli:begin -->\ncli part\n<!-- cli:end -->'].map((s) => text.indexOf(s));
    expect(order.every((at) => at !== -1)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});
