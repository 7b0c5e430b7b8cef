import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isClientBuildStale, type BuildInputs } from '../../client/build.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('client build staleness (npm start and npm run dev skip an up-to-date build)', () => {
  let dir: string;
  let inputs: BuildInputs;
  const at = (file: string, seconds: number): void => utimesSync(file, seconds, seconds);

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'client-build-'));
    const sourceDir = path.join(dir, 'client');
    mkdirSync(path.join(sourceDir, 'islands'), { recursive: true });
    writeFileSync(path.join(sourceDir, 'entry.ts'), '');
    writeFileSync(path.join(sourceDir, 'islands', 'Pill.tsx'), '');
    writeFileSync(path.join(dir, 'package-lock.json'), '{}');
    at(path.join(sourceDir, 'entry.ts'), 1000);
    at(path.join(sourceDir, 'islands', 'Pill.tsx'), 1000);
    at(path.join(dir, 'package-lock.json'), 1000);
    inputs = {
      sourceDir,
      dependencyStamps: [path.join(dir, 'package-lock.json'), path.join(dir, 'node_modules', '.package-lock.json')],
      manifestPath: path.join(dir, 'dist', 'manifest.json'),
    };
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function build(seconds: number): void {
    mkdirSync(path.dirname(inputs.manifestPath), { recursive: true });
    writeFileSync(inputs.manifestPath, '{}');
    at(inputs.manifestPath, seconds);
  }

  it('builds a fresh clone (no manifest yet)', () => {
    expect(isClientBuildStale(inputs)).toBe(true);
  });

  it('skips a build newer than every source and the dependency lock', () => {
    build(2000);
    expect(isClientBuildStale(inputs)).toBe(false);
  });

  it('rebuilds after a source in any folder of the client changed', () => {
    build(2000);
    at(path.join(inputs.sourceDir, 'islands', 'Pill.tsx'), 3000);
    expect(isClientBuildStale(inputs)).toBe(true);
  });

  it('rebuilds after the dependencies changed', () => {
    build(2000);
    at(path.join(dir, 'package-lock.json'), 3000);
    expect(isClientBuildStale(inputs)).toBe(true);
  });

  it('is what npm run dev runs before serving; npm start runs server/start.mjs', () => {
    const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const [buildStep] = scripts.dev!.split(' && ');
    expect(buildStep).toMatch(/^(npm run build:client -- |tsx client\/build\.ts )--if-stale$/);
    // dev serves the TypeScript sources; start builds what is stale (test/server/start-plan.test.ts) and serves the bundle
    expect(scripts.dev).toMatch(/ && NODE_ENV=development tsx server\/main\.ts$/);
    expect(scripts.start).toBe('node server/start.mjs');
  });
});
