/**
 * npm (11.16 on) lists every dependency whose install script package.json's `allowScripts` does
 * not approve, and a later npm skips such scripts: better-sqlite3 would then have no native build
 * and esbuild no binary, and the store could not start. Every install script the lock file
 * brings must be approved by name.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const readJson = (name: string): Record<string, unknown> => JSON.parse(readFileSync(`${ROOT}${name}`, 'utf8')) as Record<string, unknown>;

describe('install scripts', () => {
  it('approves in allowScripts every package of the lock file that has an install script', () => {
    const lock = readJson('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> };
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript === true)
      .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts).toContain('better-sqlite3');
    const allowed = (readJson('package.json').allowScripts ?? {}) as Record<string, unknown>;
    for (const name of withScripts) expect(allowed[name], `${name} in package.json's allowScripts`).toBe(true);
  });
});
