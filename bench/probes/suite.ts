/**
 * Probe: one suite of the engine benchmark (suites.ts SUITES) in a fresh
 * process, so that no other suite's garbage, pretenuring decisions or JIT
 * state reach its samples. Prints the cases as JSON on one line. Arguments:
 * suite name, pages file (storefront.ts savePages; empty for the benchmark's
 * own theme), and `quick` for tiny inputs.
 */
import { loadPages } from '../lib/storefront.ts';
import { SUITES, suiteOptions, type SuiteName } from '../lib/suites.ts';

const name = process.argv[2] as SuiteName;
const run = SUITES[name];
if (run === undefined) throw new Error(`no benchmark suite named ${JSON.stringify(name)}`);
const options = suiteOptions(process.argv[4] === 'quick');
const pages = loadPages(process.argv[3] || undefined);
console.log(JSON.stringify(run(options, pages)));
