/** The shape of what the engine benchmark measures, shared by the suites and the report. */
import type { Timing } from './measure.ts';

export interface CaseResult {
  group: string;
  name: string;
  /** Repetitions, items or products, when the case is one point of a series. */
  size?: number;
  /** 'differs' cases were not timed because the engines' outputs were not identical. */
  status: 'timed' | 'differs';
  timings: Timing[];
  /** The reference's median over ours (above 1: ours is faster); absent when untimed. */
  ratio?: number;
  note?: string;
}

export interface ColdParse {
  page: string;
  oursUs: number;
  referenceUs: number;
  ratio: number;
  /** The same first compile with no warm-up at all: the process's first template, both engines' code running for the first time. */
  unwarmed?: { oursUs: number; referenceUs: number; ratio: number };
}

export interface MemoryReport {
  engine: string;
  /** Heap kept alive by one compiled storefront page template (mean over copies), in bytes. */
  retainedPerTemplate: Record<string, number>;
  /** Heap kept alive by one compiled 4096-repetition micro template, in bytes. */
  retainedLargeMicro: number;
  /** The largest case: heap in use right after rendering it, above the heap before (no GC in between), in bytes. */
  renderHeapGrowth: number;
  /** Growth of the process's peak resident memory during that render, in bytes. */
  renderPeakRssGrowth: number;
  largestCase: string;
}

export interface Linearity {
  series: string;
  engine: string;
  from: number;
  to: number;
  /** (time ratio) / (size ratio): 1 is perfectly linear. */
  factor: number;
  /** Median time per call at each size, when the pair was timed together (runLinearity). */
  fromUs?: number;
  toUs?: number;
  /** false for a row shown outside the target's range (not part of the check). */
  checked?: boolean;
}

export interface EngineBenchReport {
  cpu: string;
  cores: number;
  node: string;
  date: string;
  cases: CaseResult[];
  coldParse: ColdParse[];
  /** The public templates of ../shared/real-templates, every file of each compiled once in a fresh process. */
  coldParseReal: ColdParse[];
  memory: MemoryReport[];
  linearity: Linearity[];
  /** How the inputs were made, for the report's notes. */
  notes: string[];
}
