/**
 * Side-by-side timing. Every contender is warmed up, then sampled in turn
 * (A B A B …) so that a burst of load on the machine hits all of them alike;
 * each sample runs a contender enough times to last about `sampleMs`, and
 * the reported figure is the median time per call over the samples.
 *
 * Time is the process's CPU time (user + system) during the sample: on a
 * shared machine the wall clock also counts the time other processes held
 * the cores, which inflates samples at random. The wall-clock median is
 * kept beside it.
 */
import { performance } from 'node:perf_hooks';

export interface Contender {
  name: string;
  /** One call of the measured work; its result is kept so nothing is optimised away. */
  run: () => unknown;
}

export interface TimingOptions {
  /** Time spent calling each contender before sampling starts. */
  warmupMs: number;
  /** Rough duration of one sample of one contender. */
  sampleMs: number;
  /** Samples per contender. */
  samples: number;
  /** Cap on the sampling time of one contender: slow cases take fewer samples (never under 5). */
  budgetMs?: number;
}

export interface Timing {
  name: string;
  /** Median CPU time per call, in microseconds. */
  medianUs: number;
  /** Median wall-clock time per call, in microseconds. */
  wallMedianUs: number;
  /** Calls per sample after calibration. */
  callsPerSample: number;
  samples: number;
}

export const DEFAULT_TIMING: TimingOptions = { warmupMs: 80, sampleMs: 25, samples: 21, budgetMs: 1500 };

/** Something the optimiser cannot prove unused. */
let sink: unknown;
export function keep(value: unknown): void {
  sink = value;
}
export function lastKept(): unknown {
  return sink;
}

/** Calls `run` for about `ms` milliseconds (at least twice) and returns the mean time per call. */
function warm(run: () => unknown, ms: number): number {
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    keep(run());
    calls++;
    elapsed = performance.now() - start;
  } while (elapsed < ms || calls < 2);
  return elapsed / calls;
}

/** One sample: [CPU µs per call, wall µs per call]. */
function sampleOnce(run: () => unknown, calls: number): [number, number] {
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < calls; i++) keep(run());
  const wall = (performance.now() - start) * 1000;
  const used = process.cpuUsage(cpu);
  return [(used.user + used.system) / calls, wall / calls];
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Times the contenders interleaved; the result is in the contenders' order. */
/** A full collection when the process runs with --expose-gc, so one case's garbage is not billed to the next. */
const collect = (globalThis as { gc?: () => void }).gc;

export function interleaved(contenders: readonly Contender[], options: TimingOptions = DEFAULT_TIMING): Timing[] {
  collect?.();
  let slowestSampleMs = 0;
  const calls = contenders.map((c) => {
    const perCallMs = warm(c.run, options.warmupMs);
    const n = Math.max(1, Math.round(options.sampleMs / Math.max(perCallMs, 1e-6)));
    slowestSampleMs = Math.max(slowestSampleMs, n * perCallMs);
    return n;
  });
  const budget = options.budgetMs ?? Infinity;
  const samples = Math.min(options.samples, Math.max(5, Math.floor(budget / Math.max(slowestSampleMs, 1e-6))));
  const cpuSamples: number[][] = contenders.map(() => []);
  const wallSamples: number[][] = contenders.map(() => []);
  for (let s = 0; s < samples; s++) {
    for (let i = 0; i < contenders.length; i++) {
      const [cpu, wall] = sampleOnce((contenders[i] as Contender).run, calls[i] as number);
      (cpuSamples[i] as number[]).push(cpu);
      (wallSamples[i] as number[]).push(wall);
    }
  }
  return contenders.map((c, i) => ({
    name: c.name,
    medianUs: median(cpuSamples[i] as number[]),
    wallMedianUs: median(wallSamples[i] as number[]),
    callsPerSample: calls[i] as number,
    samples,
  }));
}
