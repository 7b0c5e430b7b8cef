/**
 * Setup of the `engine (second tier)` test project: every render of a template compiled from
 * source runs on its generated function (generated-run.ts) rather than on closures, so the
 * engine's suites check that tier against the same expectations.
 */
import { secondTier } from '../../engine/runtime/generated-run.ts';

secondTier.after = 1;
