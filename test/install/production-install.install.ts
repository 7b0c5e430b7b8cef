/**
 * The documented production install, on a fresh copy of the project (the
 * files git would check out, without node_modules or dist/):
 *
 *   npm ci && npm run build && npm prune --omit=dev && npm start
 *
 * then the shop page is served, the server stops cleanly, and `tmpl --help`
 * answers, all without tsx or esbuild installed; and a start after the sources
 * gained a migration, without a new build, is refused with nothing applied. `npm ci` may take its
 * packages from the npm cache (--prefer-offline); each step is bounded.
 *
 * better-sqlite3's install looks for a prebuilt binary before it compiles
 * one: a user's install downloads it from the package's releases. This
 * machine may not reach them, so the binary this checkout's own install
 * built is offered the way prebuild-install reads a local one; compiling
 * from source is what that install (`.ci/run`'s own `npm ci`) checks.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { seededProduct } from '../server/helpers/fixtures.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const copy = mkdtempSync(join(tmpdir(), 'production-install-'));
const prebuilds = mkdtempSync(join(tmpdir(), 'production-install-prebuilds-'));
const MINUTE = 60_000;

/**
 * The environment that offers this checkout's compiled better-sqlite3 to the copy's install as a
 * local prebuild (prebuild-install's `<package>_local_prebuilds` folder, the archive named as its
 * releases name theirs); none when this checkout has no compiled binary, and the copy compiles.
 */
function localPrebuildEnv(): Record<string, string> {
  const packageDir = join(ROOT, 'node_modules', 'better-sqlite3');
  const binary = join('build', 'Release', 'better_sqlite3.node');
  if (!existsSync(join(packageDir, binary))) return {};
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const archive = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  execFileSync('tar', ['-czf', join(prebuilds, archive), '-C', packageDir, binary]);
  return { npm_config_better_sqlite3_local_prebuilds: prebuilds };
}

/** The project as a clone would have it: tracked files and new ones not ignored. */
function copyProject(): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f !== '' && existsSync(join(ROOT, f)));
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(copy, file));
  }
}

/** Runs an npm command in the copy, failing with its output when it fails or overruns (never blocking the test worker). */
async function npm(args: string[], timeoutMs: number, env: Record<string, string> = {}): Promise<void> {
  const child = spawn('npm', args, { cwd: copy, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  clearTimeout(timer);
  if (code !== 0) throw new Error(`npm ${args.join(' ')} failed (${code ?? 'killed after the time limit'}):\n${output}`);
}

afterAll(() => {
  rmSync(copy, { recursive: true, force: true });
  rmSync(prebuilds, { recursive: true, force: true });
});

describe('production install', () => {
  it('npm ci && npm run build && npm prune --omit=dev, then npm start serves the shop and tmpl --help answers', async () => {
    copyProject();
    expect(existsSync(join(copy, 'node_modules'))).toBe(false);
    expect(existsSync(join(copy, 'dist'))).toBe(false);

    // compiling better-sqlite3 (no binary offered) beside .ci/run's test suites has taken over 10 min
    await npm(['ci', '--prefer-offline', '--no-audit', '--no-fund'], 18 * MINUTE, localPrebuildEnv());
    await npm(['run', 'build'], 3 * MINUTE);
    await npm(['prune', '--omit=dev', '--no-audit', '--no-fund'], 3 * MINUTE);
    // Nothing at run time may need the TypeScript loader or the bundler.
    expect(existsSync(join(copy, 'node_modules', 'tsx'))).toBe(false);
    expect(existsSync(join(copy, 'node_modules', 'esbuild'))).toBe(false);

    const help = spawnSync('npx', ['--no-install', 'tmpl', '--help'], { cwd: copy, encoding: 'utf8', timeout: MINUTE });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: tmpl COMMAND/);

    const server = spawn('npm', ['start'], {
      cwd: copy,
      env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATABASE_PATH: join(copy, 'data', 'store.db'), OWNER_PASSWORD: 'production install test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    let serverPid: number | undefined;
    try {
      const { port, pid } = await new Promise<{ port: number; pid: number }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no listening line in:\n${output}`)), MINUTE);
        server.stdout.on('data', () => {
          const match = /"pid":(\d+)[^\n]*"port":(\d+)[^\n]*storefront listening/.exec(output);
          if (match) {
            clearTimeout(timer);
            serverPid = Number(match[1]);
            resolve({ pid: serverPid, port: Number(match[2]) });
          }
        });
        void exited.then((code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
      });
      // Already built: npm start builds nothing, and says nothing about a stale build.
      expect(output).not.toMatch(/built|older than its sources/);
      const shop = await fetch(`http://127.0.0.1:${port}/shop`);
      expect(shop.status).toBe(200);
      expect(await shop.text()).toContain(seededProduct('linen-shirt').title);
      // A supervisor stops the server process itself (npm answers a signal of its own by dying of it):
      // the server shuts down cleanly and npm start ends with its exit code.
      process.kill(pid, 'SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('"msg":"shutting down"');
    } finally {
      if (server.exitCode === null && server.signalCode === null) {
        // A failed check: stop the server process as well as npm, leaving nothing behind.
        if (serverPid !== undefined) process.kill(serverPid, 'SIGKILL');
        server.kill('SIGKILL');
      }
    }

    // An upgrade done "the obvious way": the sources updated (here, a new migration) and npm start
    // run without a new build. The build refuses the migration it was not made with, applies nothing.
    const migration = join(copy, 'server', 'db', 'migrations', 'sqlite', '999_upgrade_check.sql');
    writeFileSync(migration, 'CREATE TABLE upgrade_check (id INTEGER PRIMARY KEY);\n');
    const refused = spawnSync('npm', ['start'], {
      cwd: copy,
      env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATABASE_PATH: join(copy, 'data', 'store.db'), OWNER_PASSWORD: 'production install test' },
      encoding: 'utf8',
      timeout: MINUTE,
    });
    expect(refused.status).toBe(78);
    expect(refused.stderr).toContain('older than its sources');
    expect(refused.stdout).toContain('the sources were updated without a new build (migration 999_upgrade_check is not in the build in dist/)');
    expect(refused.stdout).not.toContain('storefront listening');
    const store = new Database(join(copy, 'data', 'store.db'), { readonly: true });
    try {
      expect(store.prepare("SELECT name FROM sqlite_master WHERE name = 'upgrade_check'").get()).toBeUndefined();
      expect(store.prepare("SELECT name FROM schema_migrations WHERE name = '999_upgrade_check.sql'").get()).toBeUndefined();
    } finally {
      store.close();
    }
  });
});
