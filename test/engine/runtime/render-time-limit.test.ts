/**
 * The render's time limit (limits.maxRenderMs): checked every 256 steps, so a runaway template stops
 * with the specification's message; the clock starts at the first check, so a render shorter than
 * that never reads it (a clock read is a measurable part of a small page's render).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compile } from '../../../engine/index.ts';
import { messages } from '../../../engine/messages.ts';

const NOW = Date.UTC(2026, 0, 15, 12);
const items = (n: number) => ({ items: Array.from({ length: n }, (_, i) => i) });

afterEach(() => vi.restoreAllMocks());

describe('the render time limit', () => {
  it('stops a render that runs past it, with its message, keeping what was written before', () => {
    // every clock read is a millisecond later
    let clock = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => (clock += 1));
    const result = compile('{.repeated section items}{@} {.end}', { limits: { maxRenderMs: 5 } }).render(items(100_000), { now: NOW });
    expect(result.errors.map((e) => e.message)).toEqual([messages.timeLimit(5)]);
    // stopped after a few checks, far short of the 100 000 items
    expect(result.html.length).toBeGreaterThan(0);
    expect(result.html.length).toBeLessThan(20_000);
  });

  it('counts from the first check: a render that finishes within the limit is not stopped', () => {
    let clock = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => (clock += 1));
    // about 8 checks, each a millisecond: within a limit of 50
    const result = compile('{.repeated section items}{@} {.end}', { limits: { maxRenderMs: 50 } }).render(items(1_000), { now: NOW });
    expect(result.errors).toEqual([]);
    expect(result.html.split(' ')).toHaveLength(1_001);
  });

  it('never reads the clock in a render of fewer than 256 steps given its time', () => {
    const now = vi.spyOn(Date, 'now');
    const template = compile('<p>{title}</p>{.repeated section items}<i>{@}</i>{.end}');
    expect(template.render({ title: 'a', ...items(20) }, { now: NOW }).html).toContain('<i>19</i>');
    expect(now).not.toHaveBeenCalled();
  });
});
