/**
 * The `tmpl` bin as a user runs it: the built JavaScript (no TypeScript
 * loader), its process-level behaviour (exit codes, no stack traces, a
 * closed pipe), and its speed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildEngine, CLI_BUNDLE, CLI_CODE_CACHE } from '../../engine/build.mjs';
import { EXIT } from '../../engine/cli/io.ts';
import { cliMessages } from '../../engine/cli/messages.ts';
import { scratchFolder } from './cli-helpers.ts';

const BIN = fileURLToPath(new URL('../../engine/bin/tmpl.mjs', import.meta.url));
const { dir, write } = scratchFolder('tmpl-cli-bin-');

function tmpl(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 20_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(async () => {
  await buildEngine();
}, 60_000);

describe('the tmpl bin', () => {
  it('runs the built bundle: --help and --version exit 0 without a TypeScript loader', () => {
    const help = tmpl('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: tmpl COMMAND/);
    const version = tmpl('--version');
    expect(version).toMatchObject({ status: 0, stderr: '' });
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect(CLI_BUNDLE).toMatch(/dist[\\/]engine[\\/]tmpl\.cjs$/);
  });

  it('keeps the V8 code cache of the bundle after a run, and runs the same with or without it', () => {
    rmSync(CLI_CODE_CACHE, { force: true });
    const first = tmpl('--version');
    expect(existsSync(CLI_CODE_CACHE)).toBe(true);
    expect(tmpl('--version')).toEqual(first);
  });

  it('does not run the code cache of an earlier build of the same length, which V8 would accept', () => {
    tmpl('--version'); // the cache of this build
    const bundle = readFileSync(CLI_BUNDLE, 'utf8');
    const version = tmpl('--version').stdout.trim();
    const other = version.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    const swap = (text: string): void => {
      writeFileSync(`${CLI_BUNDLE}.swap`, text);
      renameSync(`${CLI_BUNDLE}.swap`, CLI_BUNDLE);
    };
    try {
      // the same length, another version: a rebuild after a one-character edit
      swap(bundle.replace(JSON.stringify(version), JSON.stringify(other)));
      expect(tmpl('--version').stdout).toBe(`${other}\n`);
    } finally {
      swap(bundle);
    }
    expect(tmpl('--version').stdout).toBe(`${version}\n`);
  });

  it('reports a missing file in one line, without a stack trace, exit 2', () => {
    const missing = join(dir, 'missing.tmpl');
    expect(tmpl('render', missing)).toEqual({ status: EXIT.usage, stdout: '', stderr: `${cliMessages.pathMissing(missing)}\n` });
  });

  it('checks a developer-template folder, whose checks read files the bundle keeps beside itself', () => {
    write('site/template.conf', '{"name": "Plain", "layouts": {"default": {"name": "Default", "regions": ["site"]}}, "navigations": [], "stylesheets": ["site.less"]}');
    write('site/site.region', '<!doctype html><html><head>{squarespace-headers}</head><body>{squarespace.main-content}{squarespace-footers}</body></html>\n');
    write('site/styles/site.less', '@ink: #222;\nbody { color: @ink; }\n');
    const r = tmpl('check', join(dir, 'site'));
    expect(r.stderr).not.toContain('unexpected failure');
    expect(r.status).toBe(0);
  });

  it('renders a page exactly and exits 1 with the error and its frame when the render reports one', () => {
    const page = write('page.tmpl', 'Hello {name}!\n');
    const data = write('page.json', '{"name": "you"}');
    expect(tmpl('render', page, '--data', data)).toEqual({ status: 0, stdout: 'Hello you!\n', stderr: '' });
    const broken = write('broken.tmpl', 'a\n{@|apply gone}\n');
    const r = tmpl('render', broken);
    expect(r.status).toBe(EXIT.templateErrors);
    expect(r.stderr).toContain(`${broken}:2:1 RuntimeError: Attempt to apply partial 'gone' which could not be found.`);
    expect(r.stderr).toContain('> 2 | {@|apply gone}');
    expect(r.stderr).not.toContain('\u001b['); // no colour when stderr is not a terminal
  });

  it.skipIf(!existsSync('/dev/full'))('says in one line that stdout cannot be written (a full disk), without a stack trace, exit 2', () => {
    const full = openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, [BIN, 'plugins'], { stdio: ['ignore', full, 'pipe'], encoding: 'utf8', timeout: 20_000 });
      expect(r.status).toBe(EXIT.usage);
      expect(r.stderr).toMatch(/^tmpl: cannot write to stdout \(ENOSPC: no space left on device[^)\n]*\)\n$/);
    } finally {
      closeSync(full);
    }
  });

  it('ends quietly when its reader goes away (tmpl plugins | head)', async () => {
    const child = spawn(process.execPath, [BIN, 'plugins'], { stdio: ['ignore', 'pipe', 'pipe'] });
    // Close the reading end before anything is written: every write meets a closed pipe.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
