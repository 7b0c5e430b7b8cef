import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer, SERVER_NODE_OPTIONS } from '../../../server/build.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Under dist/ like the real bundle, so its paths resolve from the project root as the sources' do. */
const BUNDLES = join(ROOT, 'dist', 'test-server');

/** Whether a process with this id is running (a folder not named by a process id counts as none). */
function running(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

let bundled: Promise<readonly string[]> | undefined;

/**
 * The node arguments that run the server as `npm start` does, from a bundle of the current sources
 * made once per test process. A server process started from the bundle takes about a third of the
 * CPU of one started through tsx, and the suites that start server processes start dozens of them.
 */
export function bundledServerArgs(): Promise<readonly string[]> {
  bundled ??= (async () => {
    mkdirSync(BUNDLES, { recursive: true });
    // test processes are often ended without an 'exit' event: their bundles go once they are gone
    for (const name of readdirSync(BUNDLES)) {
      if (!running(Number(name))) rmSync(join(BUNDLES, name), { recursive: true, force: true });
    }
    const folder = join(BUNDLES, String(process.pid));
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    const bundle = join(folder, 'main.mjs');
    await bundleServer(undefined, bundle);
    return [...SERVER_NODE_OPTIONS, bundle];
  })();
  return bundled;
}
