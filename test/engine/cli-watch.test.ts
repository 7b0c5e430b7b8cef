import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliMessages } from '../../engine/cli/messages.ts';
import { messages } from '../../engine/messages.ts';
import { runCli, scratchFolder } from './cli-helpers.ts';

const { dir, write } = scratchFolder('tmpl-cli-watch-');

/** Waits until `read()` answers `expected` (the watcher renders shortly after a change). */
async function eventually(read: () => string | undefined, expected: string, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (read() !== expected) {
    if (Date.now() > until) throw new Error(`still ${JSON.stringify(read())}, waiting for ${JSON.stringify(expected)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('tmpl watch', () => {
  it('sends a developer-template folder to the development server, which composes its pages', async () => {
    write('theme/template.conf', '{"name": "T", "layouts": {"default": {"name": "D", "regions": ["site"]}}}');
    write('theme/site.region', '{squarespace.main-content}');
    const folder = join(dir, 'theme');
    expect(await runCli(['watch', folder])).toEqual({ code: 2, out: '', err: cliMessages.watchFolder(folder) });
    // with the folder command's options, and named as typed from elsewhere: the same advice, with the folder's full path
    const from = process.cwd();
    process.chdir(dir);
    try {
      expect(await runCli(['watch', 'theme', '--page', '/shop', '--data', 'shop.json'])).toEqual({ code: 2, out: '', err: cliMessages.watchFolder(folder) });
    } finally {
      process.chdir(from);
    }
  });

  it('without --data says once, on a terminal, that the data is {}, however often it renders', async () => {
    const file = write('no-data.tmpl', '<h1>{title}</h1>');
    const out = join(dir, 'no-data.html');
    const read = (): string | undefined => (existsSync(out) ? readFileSync(out, 'utf8') : undefined);
    const stop = new AbortController();
    const running = runCli(['watch', file, '--out', out], { signal: stop.signal, terminal: true });
    try {
      await eventually(read, '<h1></h1>');
      writeFileSync(file, '<h2>{title}</h2>');
      await eventually(read, '<h2></h2>');
    } finally {
      stop.abort();
    }
    const result = await running;
    expect(result.err.split('\n').filter((line) => line === cliMessages.noDataGiven)).toHaveLength(1);
  }, 60_000);

  it('renders at once, then again when the template, the data or a partial changes, until stopped', async () => {
    const file = write('page.tmpl', '<h1>{title}</h1>{@|apply card}');
    const data = write('page.json', '{"title": "One", "n": 1}');
    write('partials/card.block', '<p>{n}</p>');
    const out = join(dir, 'page.html');
    const read = (): string | undefined => (existsSync(out) ? readFileSync(out, 'utf8') : undefined);
    const stop = new AbortController();
    let lastError = '';
    const errors: string[] = [];
    const running = runCli(['watch', file, '--data', data, '--partials', join(dir, 'partials'), '--out', out], {
      signal: stop.signal,
      onErr: (line) => {
        lastError = line;
        errors.push(line);
      },
    });
    try {
      await eventually(read, '<h1>One</h1><p>1</p>');
      writeFileSync(file, '<h2>{title}</h2>{@|apply card}');
      await eventually(read, '<h2>One</h2><p>1</p>');
      writeFileSync(data, '{"title": "Two", "n": 2}');
      await eventually(read, '<h2>Two</h2><p>2</p>');
      writeFileSync(join(dir, 'partials/card.block'), '<b>{n}</b>');
      await eventually(read, '<h2>Two</h2><b>2</b>');
      // Malformed data mid-edit is reported and the watch goes on.
      writeFileSync(data, '{"title": ');
      const malformed = `${data}:1:11 Invalid JSON: ${'unexpected end of input'}`;
      // said, then that the page stays the last good one
      await eventually(() => lastError, cliMessages.watchInputRefused(out));
      expect(errors.at(-2)).toBe(malformed);
      writeFileSync(data, '{"title": "Three", "n": 3}');
      await eventually(read, '<h2>Three</h2><b>3</b>');
    } finally {
      stop.abort();
    }
    const result = await running;
    expect(result.code).toBe(0);
    expect(result.err).toContain(cliMessages.watchRendered(file, out, 0));
  }, 60_000);

  it('on a save with syntax errors prints them with their frame and keeps the last good page, as render writes none', async () => {
    const file = write('broken-later.tmpl', '<p>{title}</p>');
    const data = write('broken-later.json', '{"title": "Good"}');
    const out = join(dir, 'broken-later.html');
    const read = (): string | undefined => (existsSync(out) ? readFileSync(out, 'utf8') : undefined);
    const lines: string[] = [];
    /** The next "rendered" or "not rendered" line after `from` lines of stderr. */
    const nextStatus = async (from: number): Promise<string> => {
      const isStatus = (line: string): boolean => line.startsWith('rendered ') || line.startsWith('not rendered: ');
      await eventually(() => String(lines.slice(from).some(isStatus)), 'true');
      return lines.slice(from).find(isStatus) as string;
    };
    const stop = new AbortController();
    const running = runCli(['watch', file, '--data', data, '--out', out], { signal: stop.signal, onErr: (line) => lines.push(line) });
    try {
      await eventually(read, '<p>Good</p>');
      const before = lines.length;
      writeFileSync(file, '<p>{title|htmll}</p>\n{.section title}');
      expect(await nextStatus(before)).toBe(cliMessages.watchNotRendered(file, out));
      const printed = lines.slice(before).join('\n');
      expect(printed).toContain(`${file}:1:4 ${messages.formatterUnknown('htmll')} — did you mean 'html'?`);
      expect(printed).toContain('> 1 | <p>{title|htmll}</p>\n    |    ^');
      expect(printed).toContain(`${file}:2:1 ${messages.unclosed('SECTION')}`);
      expect(read()).toBe('<p>Good</p>');
      writeFileSync(file, '<p>{title|html}!</p>');
      await eventually(read, '<p>Good!</p>');
    } finally {
      stop.abort();
    }
    expect((await running).code).toBe(0);
  }, 60_000);
});
