/**
 * Our engine as it ships: bundled by esbuild into plain JavaScript, the way
 * the reference arrives from npm. Running the TypeScript sources through the
 * tsx loader instead would add its keep-names wrappers (a `defineProperty`
 * for every function created at run time) to our side of every comparison.
 * Packages stay external, so both engines share one copy of the locale data.
 */
import { buildSync } from 'esbuild';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

type EngineModule = typeof import('../../engine/index.ts');
type CldrModule = typeof import('../../engine/plugins/i18n/cldr.ts');
export type BuiltEngine = EngineModule & Pick<CldrModule, 'cldrFor'>;

const ENTRY = fileURLToPath(new URL('./built-engine-entry.ts', import.meta.url));
const OUT_DIR = fileURLToPath(new URL('../../dist/bench/', import.meta.url));

/** Bundles the engine (fresh from the sources, each process its own file) and loads it. */
export async function loadBuiltEngine(): Promise<BuiltEngine> {
  mkdirSync(OUT_DIR, { recursive: true });
  const file = `${OUT_DIR}engine-${process.pid}.mjs`;
  const partial = `${file}.partial`;
  buildSync({
    entryPoints: [ENTRY],
    outfile: partial,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    keepNames: false,
    sourcemap: 'inline',
    logLevel: 'error',
  });
  renameSync(partial, file);
  try {
    return (await import(pathToFileURL(file).href)) as BuiltEngine;
  } finally {
    rmSync(file, { force: true }); // loaded now; nothing reads it again
  }
}
