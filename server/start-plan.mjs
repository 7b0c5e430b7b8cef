/**
 * What `npm start` must build before serving: each output it needs, the npm
 * script that builds it, and whether that output is older than its sources.
 * Plain JavaScript, read by server/start.mjs without a TypeScript loader.
 */
import path from 'node:path';
import { modifiedAt, newestModification } from '../engine/build.mjs';

/** The outputs npm start needs under the project `root`, with the script and the sources of each. */
export function startOutputs(root) {
  const at = (...parts) => path.join(root, ...parts);
  return [
    // the islands share the currencies' fraction digits with the engine
    { script: 'build:client', file: at('dist', 'client', 'manifest.json'), sources: [at('client'), at('engine', 'plugins', 'commerce', 'currency-digits.ts')] },
    { script: 'build:server', file: at('dist', 'server', 'main.mjs'), sources: [at('server'), at('engine'), at('client')] },
  ];
}

/**
 * The outputs that are missing or older than their sources. A newer lock file means new package
 * versions and counts only where a build can run: `npm prune` rewrites the lock file unchanged,
 * so after a production install its time says nothing.
 */
export function staleOutputs(root, outputs, toolsInstalled) {
  const lock = path.join(root, 'package-lock.json');
  return outputs.filter((o) => modifiedAt(o.file) < newestModification(toolsInstalled ? [...o.sources, lock] : o.sources));
}
