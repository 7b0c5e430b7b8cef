/**
 * Probe: the linearity pairs (suites.ts runLinearity) in a fresh process.
 * Prints the rows as JSON on the last line. Arguments: the two sizes, and
 * `quick` for single samples.
 */
import { runLinearity, suiteOptions } from '../lib/suites.ts';

const [from, to] = [Number(process.argv[2]), Number(process.argv[3])];
if (!(from > 0 && to > from)) throw new Error(`linearity needs two growing sizes, got ${process.argv[2]} and ${process.argv[3]}`);
const options = suiteOptions(process.argv[4] === 'quick');
console.log(JSON.stringify(runLinearity(options, from, to)));
