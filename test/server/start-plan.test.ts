import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildWhatIsStale, serverOutput, staleOutputs, startOutputs } from '../../server/start-plan.mjs';

describe('what npm start builds before serving', () => {
  let root: string;
  const file = (relative: string, seconds: number): void => {
    const full = path.join(root, relative);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, '');
    utimesSync(full, seconds, seconds);
  };
  const stale = (tools: boolean): string[] => staleOutputs(root, startOutputs(root), tools).map((o) => o.script);

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'start-plan-'));
    for (const source of ['client/entry.ts', 'server/main.ts', 'engine/index.ts', 'package-lock.json']) file(source, 1000);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds both on a fresh clone, with or without build tools (npm start then says how to build)', () => {
    expect(stale(true)).toEqual(['build:client', 'build:server']);
    expect(stale(false)).toEqual(['build:client', 'build:server']);
  });

  it('builds nothing when both outputs are newer than their sources', () => {
    file('dist/client/manifest.json', 2000);
    file('dist/server/main.mjs', 2000);
    expect(stale(true)).toEqual([]);
  });

  it('rebuilds the server after an engine or server edit, and both after a client edit', () => {
    file('dist/client/manifest.json', 2000);
    file('dist/server/main.mjs', 2000);
    file('engine/index.ts', 3000);
    expect(stale(true)).toEqual(['build:server']);
    file('client/entry.ts', 4000);
    expect(stale(true)).toEqual(['build:client', 'build:server']);
  });

  it('rebuilds both after an edit of the currencies\' fraction digits, which the islands share with the engine', () => {
    file('engine/plugins/commerce/currency-digits.ts', 1000);
    file('dist/client/manifest.json', 2000);
    file('dist/server/main.mjs', 2000);
    file('engine/plugins/commerce/currency-digits.ts', 3000);
    expect(stale(true)).toEqual(['build:client', 'build:server']);
  });

  // nor is a production install's start refused for it: the bundle's own migrations guard an update left unbuilt (migrations-unbuilt.test.ts)
  it('counts a newer lock file only where a build can run: npm prune rewrites it unchanged', () => {
    file('dist/client/manifest.json', 2000);
    file('dist/server/main.mjs', 2000);
    file('package-lock.json', 3000);
    expect(stale(true)).toEqual(['build:client', 'build:server']);
    expect(stale(false)).toEqual([]);
  });

  it('a production install serves its build after an update of the lock file, and after one of the sources says what to run', () => {
    const said: string[] = [];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (said.push(String(chunk)), true));
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => { throw new Error('exit'); }) as never);
    try {
      file('dist/client/manifest.json', 2000);
      file('dist/server/main.mjs', 2000);
      // git pull of a release that changed the dependencies (npm prune alike): the bundle's migrations guard the schema
      file('package-lock.json', 3000);
      buildWhatIsStale(root, startOutputs(root), false, { name: 'npm start', running: 'serving' });
      expect(said).toEqual([]);
      file('server/main.ts', 3000);
      buildWhatIsStale(root, startOutputs(root), false, { name: 'npm start', running: 'serving' });
      expect(said).toEqual(['npm start: the build in dist/ is older than its sources and the build tools are not installed (a production install); serving it as built (after updating the sources, run npm ci && npm run build && npm prune --omit=dev first)\n']);
      expect(exit).not.toHaveBeenCalled();
    } finally {
      write.mockRestore();
      exit.mockRestore();
    }
  });

  it('builds a store command\'s bundle (npm run backup…) when it is missing, even beside a current server bundle', () => {
    const command = (tools: boolean): string[] => staleOutputs(root, [serverOutput(root, 'backup-command')], tools).map((o) => o.script);
    file('dist/server/main.mjs', 2000);
    expect(command(true)).toEqual(['build:server']);
    file('dist/server/backup-command.mjs', 2000);
    expect(command(true)).toEqual([]);
    file('server/backup-command.ts', 3000);
    expect(command(true)).toEqual(['build:server']);
  });
});
