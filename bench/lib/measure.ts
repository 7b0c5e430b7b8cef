/**
 * Side-by-side timing. Every contender is warmed up, then sampled in turn
 * (A B A B …) so that a burst of load on the machine hits all of them alike;
 * each sample runs a contender enough times to last about `sampleMs`, and
 * the reported figure is the median time per call over the samples.
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
}

export interface Timing {
  name: string;
  /** Median time per call, in microseconds. */
  medianUs: number;
  /** Calls per sample after calibration. */
  callsPerSample: number;
  samples: number;
}

export const DEFAULT_TIMING: TimingOptions = { warmupMs: 60, sampleMs: 12, samples: 11 };

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

function sampleOnce(run: () => unknown, calls: number): number {
  const start = performance.now();
  for (let i = 0; i < calls; i++) keep(run());
  return ((performance.now() - start) * 1000) / calls;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Times the contenders interleaved; the result is in the contenders' order. */
export function interleaved(contenders: readonly Contender[], options: TimingOptions = DEFAULT_TIMING): Timing[] {
  const calls = contenders.map((c) => {
    const perCallMs = warm(c.run, options.warmupMs);
    return Math.max(1, Math.round(options.sampleMs / Math.max(perCallMs, 1e-6)));
  });
  const samples: number[][] = contenders.map(() => []);
  for (let s = 0; s < options.samples; s++) {
    for (let i = 0; i < contenders.length; i++) {
      (samples[i] as number[]).push(sampleOnce((contenders[i] as Contender).run, calls[i] as number));
    }
  }
  return contenders.map((c, i) => ({
    name: c.name,
    medianUs: median(samples[i] as number[]),
    callsPerSample: calls[i] as number,
    samples: options.samples,
  }));
}
