/** The benchmark's bundled engine (see built-engine.ts), loaded once for every module that needs it. */
import { loadBuiltEngine } from './built-engine.ts';

export const { compile, defaultRegistry, cldrFor } = await loadBuiltEngine();
