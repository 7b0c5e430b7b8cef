/**
 * What `npm start` and the store's commands (`npm run backup`, `password`…)
 * must build before they run: each output they need, the npm script that
 * builds it, and whether that output is older than its sources. Plain
 * JavaScript, read by server/start.mjs and server/run-command.mjs without a
 * TypeScript loader.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { modifiedAt, newestModification } from '../engine/build.mjs';

/** The outputs npm start needs under the project `root`, with the script and the sources of each. */
export function startOutputs(root) {
  const at = (...parts) => path.join(root, ...parts);
  return [
    // the islands share the currencies' fraction digits with the engine
    { script: 'build:client', file: at('dist', 'client', 'manifest.json'), sources: [at('client'), at('engine', 'plugins', 'commerce', 'currency-digits.ts')] },
    serverOutput(root, 'main'),
  ];
}

/** A bundle build:server makes under dist/server/: the server (`main`) or a command (`backup-command`…). */
export function serverOutput(root, bundle) {
  const at = (...parts) => path.join(root, ...parts);
  return { script: 'build:server', file: at('dist', 'server', `${bundle}.mjs`), sources: [at('server'), at('engine'), at('client')] };
}

/**
 * The outputs that are missing or older than their sources. A newer lock file means new package
 * versions and counts only where a build can run: `npm prune` rewrites the lock file unchanged,
 * so after a production install its time says nothing.
 *
 * Nor does a production install refuse to start when the lock file's content changed since the
 * build (sources updated by git pull, not a hand edit): its time cannot tell, and its content
 * changes only with an update that changes the dependencies, so it could never be the guard of an
 * update left unbuilt. That guard is the bundle's: it carries the migrations it was built with and
 * refuses a migrations folder holding another (server/db/migrate.ts, exit 78), so an old build
 * never puts a new schema under its old code. An update without a new migration leaves the old
 * build serving its own code on its own schema and the packages it was installed with, which
 * works: the line below says so and what to run.
 */
export function staleOutputs(root, outputs, toolsInstalled) {
  const lock = path.join(root, 'package-lock.json');
  return outputs.filter((o) => modifiedAt(o.file) < newestModification(toolsInstalled ? [...o.sources, lock] : o.sources));
}

/**
 * Builds the stale `outputs` when the build tools are installed. Without them (a production install)
 * it stops with one line when an output is missing, and otherwise says it runs the older build.
 * `name` is what the user ran (`npm start`), `running` what it then does with the build (`serving`).
 */
export function buildWhatIsStale(root, outputs, toolsInstalled, { name, running }) {
  const stale = staleOutputs(root, outputs, toolsInstalled);
  if (stale.length === 0) return;
  if (toolsInstalled) {
    for (const script of new Set(stale.map((o) => o.script))) {
      const built = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
      if (built.status !== 0) process.exit(built.status ?? 1);
    }
  } else if (stale.some((o) => modifiedAt(o.file) < 0)) {
    process.stderr.write(`${name}: dist/ holds no build and the build tools are not installed: run 'npm run build' before 'npm prune --omit=dev'\n`);
    process.exit(1);
  } else {
    process.stderr.write(`${name}: the build in dist/ is older than its sources and the build tools are not installed (a production install); ${running} it as built (after updating the sources, run npm ci && npm run build && npm prune --omit=dev first)\n`);
  }
}
