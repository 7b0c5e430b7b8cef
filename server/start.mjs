/**
 * `npm start`: serves the storefront from the built JavaScript in dist/.
 *
 * When a build is missing or older than its sources (a fresh clone, an edited
 * file, a new lock file) and the build tools are installed, it builds what is
 * stale first. A production install (`npm prune --omit=dev` after
 * `npm run build`) has no build tools and needs none: it runs the build it
 * was given. Plain JavaScript, so nothing here needs a TypeScript loader.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildToolsInstalled, modifiedAt, newestModification, PROJECT_ROOT } from '../engine/build.mjs';

const fromRoot = (...parts) => path.join(PROJECT_ROOT, ...parts);
const LOCK_FILE = fromRoot('package-lock.json');
const SERVER_BUNDLE = fromRoot('dist', 'server', 'main.mjs');

/** Each output `npm start` needs, the npm script that builds it and the sources it is built from. */
const OUTPUTS = [
  { script: 'build:client', file: fromRoot('dist', 'client', 'manifest.json'), sources: [fromRoot('client')] },
  { script: 'build:server', file: SERVER_BUNDLE, sources: [fromRoot('server'), fromRoot('engine'), fromRoot('client')] },
];

// A new lock file means new package versions: rebuild when a build can run. `npm prune` rewrites the
// lock file unchanged, so after a production install its time says nothing and is not compared.
const tools = buildToolsInstalled();
const inputsOf = (output) => (tools ? [...output.sources, LOCK_FILE] : output.sources);
const stale = OUTPUTS.filter((o) => modifiedAt(o.file) < newestModification(inputsOf(o)));
if (stale.length > 0) {
  if (tools) {
    for (const { script } of stale) {
      const built = spawnSync('npm', ['run', '--silent', script], { cwd: PROJECT_ROOT, stdio: 'inherit' });
      if (built.status !== 0) process.exit(built.status ?? 1);
    }
  } else if (stale.some((o) => modifiedAt(o.file) < 0)) {
    process.stderr.write("npm start: dist/ holds no build and the build tools are not installed: run 'npm run build' before 'npm prune --omit=dev'\n");
    process.exit(1);
  } else {
    process.stderr.write('npm start: the build in dist/ is older than its sources and the build tools are not installed (a production install); serving it as built\n');
  }
}

// As `node --enable-source-maps`: logged stacks name the source files.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(SERVER_BUNDLE).href);
