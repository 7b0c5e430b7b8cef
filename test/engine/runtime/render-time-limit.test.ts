/**
 * The render's time limit (limits.maxRenderMs): checked every 256 steps, so a runaway template stops
 * with the specification's message; the clock starts at the 16th step, so a render shorter than
 * that never reads it (a clock read is a measurable part of a small page's render), and one of
 * heavy steps is counted from near its start. A binding through formatters and a predicate's test
 * are steps too, so a loop of heavy `.var`s is checked as often as a loop that writes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compile, createDefaultRegistry } from '../../../engine/index.ts';
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

  it('never reads the clock in a render of fewer than 16 steps given its time', () => {
    const now = vi.spyOn(Date, 'now');
    const template = compile('<p>{title}</p>{.repeated section items}<i>{@}</i>{.end}');
    expect(template.render({ title: 'a', ...items(6) }, { now: NOW }).html).toContain('<i>5</i>');
    expect(now).not.toHaveBeenCalled();
  });

  it('counts the time of heavy steps from near the start: the clock starts at the 16th step', () => {
    let clock = 1_000_000;
    const reads: number[] = [];
    vi.spyOn(Date, 'now').mockImplementation(() => {
      reads.push(clock);
      return clock;
    });
    // each binding takes 100 ms of the clock; with a limit of 1 s the first check (step 256) stops
    // the render, having counted from the 16th step (before, the clock started at that check, and
    // a template of heavy steps ran 255 of them uncounted, then 256 more before its first check)
    const plugins = createDefaultRegistry().addFormatters({ advance: { apply: (value) => { clock += 100; return value; } } });
    const heavy = compile('{.repeated section items}{.var @x @|advance}{.end}', { plugins, limits: { maxRenderMs: 1000 } });
    const stopped = heavy.render(items(600), { now: NOW });
    expect(stopped.errors.map((e) => e.message)).toEqual([messages.timeLimit(1000)]);
    expect(reads.length).toBe(2);
    expect(reads[1]! - reads[0]!).toBeLessThanOrEqual(240 * 100);
  });

  it('counts a binding through formatters as a step: a few turns of many heavy bindings are stopped', () => {
    let clock = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    const plugins = createDefaultRegistry().addFormatters({ advance: { apply: (value) => { clock += 100; return value; } } });
    // 30 turns of 20 bindings, 100 ms each: a minute of work in 30 loop turns, which alone never
    // reached the first check
    const bindings = '{.var @x @|advance}'.repeat(20);
    const result = compile(`{.repeated section items}${bindings}{.end}`, { plugins, limits: { maxRenderMs: 1000 } }).render(items(30), { now: NOW });
    expect(result.errors.map((e) => e.message)).toEqual([messages.timeLimit(1000)]);
    // and a predicate's test is a step too
    const tests = '{.equal? @ 0}{.end}'.repeat(20);
    const plugins2 = createDefaultRegistry().addPredicates({ 'slow?': { test: () => { clock += 100; return false; } } });
    const slowTests = compile(`{.repeated section items}${'{.slow?}{.end}'.repeat(20)}${tests}{.end}`, { plugins: plugins2, limits: { maxRenderMs: 1000 } }).render(items(30), { now: NOW });
    expect(slowTests.errors.map((e) => e.message)).toEqual([messages.timeLimit(1000)]);
  });
});
