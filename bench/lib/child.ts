/**
 * Runs a probe script in a fresh Node process (TypeScript through tsx, the
 * garbage collector exposed) and returns the JSON it prints on its last line.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

export function runProbe<T>(script: string, args: readonly string[]): T {
  const file = fileURLToPath(new URL(`../probes/${script}`, import.meta.url));
  const result = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', file, ...args], {
    cwd: projectRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(`probe ${script} ${args.join(' ')} failed (${result.status}): ${result.stderr.slice(-2000)}`);
  }
  const lines = result.stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1] as string) as T;
}
