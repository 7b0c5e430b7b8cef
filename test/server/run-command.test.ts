/**
 * `npm run backup`, `restore`, `password` and `move-to-postgres` go through server/run-command.mjs,
 * which builds the command's bundle when it is stale, as `npm start` builds the server: in a fresh
 * clone they answered with node's MODULE_NOT_FOUND stack until something had built dist/.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function runCommand(args: string[]): { status: number | null; out: string; err: string } {
  const ran = spawnSync(process.execPath, ['server/run-command.mjs', ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, DATABASE_URL: '' }, timeout: 120_000 });
  return { status: ran.status, out: ran.stdout, err: ran.stderr };
}

describe('the store commands\' launcher', () => {
  it('runs the named command with the arguments after its name, building its bundle first when stale', () => {
    const ran = runCommand(['password-command', '--help']);
    expect(ran.err).not.toMatch(/MODULE_NOT_FOUND|Error:/);
    expect(ran.status).toBe(0);
    expect(ran.out).toContain('npm run password');
  }, 150_000);

  it('refuses a name that is not a store command, with the names it takes', () => {
    const ran = runCommand(['main', '--help']);
    expect(ran.status).toBe(2);
    expect(ran.err).toBe('run-command: the first argument names a store command: backup-command, password-command, move-to-postgres-command\n');
  });
});
