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
import { buildToolsInstalled, modifiedAt, PROJECT_ROOT } from '../engine/build.mjs';
import { staleOutputs, startOutputs } from './start-plan.mjs';

const SERVER_BUNDLE = path.join(PROJECT_ROOT, 'dist', 'server', 'main.mjs');
const tools = buildToolsInstalled();
const stale = staleOutputs(PROJECT_ROOT, startOutputs(PROJECT_ROOT), tools);
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
// React's production build unless told otherwise (its development build renders several times slower).
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(SERVER_BUNDLE).href);
