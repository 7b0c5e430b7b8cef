/**
 * Probe: one suite of the engine benchmark (suites.ts SUITES) in a fresh
 * process, so that no other suite's garbage, pretenuring decisions or JIT
 * state reach its samples. Prints each case as it ends, then the cases as
 * JSON on the last line. Arguments: suite name, pages file (storefront.ts
 * savePages; empty for the benchmark's own theme), and `quick` for tiny inputs.
 */
import { DEFAULT_TIMING } from '../lib/measure.ts';
import { loadPages } from '../lib/storefront.ts';
import { FULL_SUITE, QUICK_SUITE, SUITES, type SuiteName, type SuiteOptions } from '../lib/suites.ts';

const name = process.argv[2] as SuiteName;
const run = SUITES[name];
if (run === undefined) throw new Error(`no benchmark suite named ${JSON.stringify(name)}`);
const options: SuiteOptions = process.argv[4] === 'quick' ? { ...QUICK_SUITE } : { ...FULL_SUITE, timing: DEFAULT_TIMING };
const pages = loadPages(process.argv[3] || undefined);
console.log(JSON.stringify(run(options, pages)));
