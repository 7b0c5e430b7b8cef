import { execFile } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RELOAD_EVENTS_PATH } from '../../server/dev/reload-stream.ts';
import { OVERLAY_ID } from '../../server/dev/error-overlay.ts';
import { TEMPLATES_DIR } from '../../server/pages/template-store.ts';
import { FolderCache } from '../../server/theme/folder-cache.ts';
import { DiskTemplateSource } from '../../server/theme/template-source.ts';
import { themeMessages } from '../../server/theme/theme-messages.ts';
import type { Logger } from 'pino';
import { startServer, type RunningServer } from './helpers/start-server.ts';

/**
 * `npm run dev`: pages reload when a template, partial or theme asset is saved, and template
 * errors show over the page with their position and code frame. Production has none of it.
 * Each server works on its own copy of the theme.
 */
function copyOfTheme(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'storefront-theme-')), 'templates');
  cpSync(TEMPLATES_DIR, dir, { recursive: true });
  return dir;
}

/** An open reload stream, read as text. */
class EventStream {
  private text = '';
  private readonly controller = new AbortController();
  private reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  /** A read still on its way when a wait timed out: the next wait takes its chunk, which is not lost. */
  private pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;

  async open(url: string): Promise<void> {
    const response = await fetch(url, { signal: this.controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    this.reader = response.body!.getReader();
    // The stream speaks once the files are being watched.
    await this.waitFor(/: watching\n\n/, 10_000);
  }

  /** Waits for `pattern` in what arrived after the current position; resolves with the ms it took. */
  async waitFor(pattern: RegExp, timeoutMs: number): Promise<number> {
    const started = Date.now();
    const decoder = new TextDecoder();
    while (!pattern.test(this.text)) {
      const left = timeoutMs - (Date.now() - started);
      if (left <= 0) throw new Error(`no ${pattern} in ${JSON.stringify(this.text)}`);
      this.pending ??= this.reader!.read();
      const chunk = await Promise.race([
        this.pending,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
      ]);
      if (chunk === null) continue;
      this.pending = null;
      if (chunk.done) throw new Error('stream ended');
      this.text += decoder.decode(chunk.value, { stream: true });
    }
    const match = pattern.exec(this.text)!;
    this.text = this.text.slice(match.index + match[0].length);
    return Date.now() - started;
  }

  close(): void {
    this.controller.abort();
  }
}

/** A development server on its own copy of the theme (changed first by `prepare`), with its reload stream open. */
function developmentServer(prepare: (theme: string) => void = () => {}): { readonly server: RunningServer; readonly theme: string; stream: EventStream } {
  let server: RunningServer | undefined;
  let theme = '';
  const stream = new EventStream();
  beforeAll(async () => {
    theme = copyOfTheme();
    prepare(theme);
    server = await startServer({ dev: true, templateDir: theme });
    await stream.open(`${server.url}${RELOAD_EVENTS_PATH}`);
  }, 30_000);
  afterAll(async () => {
    stream.close();
    await server?.stop(true);
    rmSync(join(theme, '..'), { recursive: true, force: true });
  });
  return {
    get server() {
      return server!;
    },
    get theme() {
      return theme;
    },
    stream,
  };
}

describe('development server: live reload', () => {
  const dev = developmentServer();

  it('puts the reload script, under the response\'s nonce, on development pages', async () => {
    const response = await fetch(`${dev.server.url}/shop`);
    const html = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')![1]!;
    expect(html).toMatch(new RegExp(`<script nonce="${nonce}">new EventSource\\("${RELOAD_EVENTS_PATH}\\?since=\\d+"\\)`));
  });

  it('reloads a page whose stream opens after a save made since it was rendered, and no other', async () => {
    const sinceOf = async (): Promise<number> => Number(/EventSource\("[^"?]+\?since=(\d+)"\)/.exec(await (await fetch(`${dev.server.url}/shop`)).text())![1]);
    const before = await sinceOf();
    // a save between the page's render and its stream's opening (a page just loaded, a busy machine)
    appendFileSync(join(dev.theme, 'collections', 'products.list'), '\n<p>saved before the stream opened</p>\n');
    await dev.stream.waitFor(/event: reload\n/, 5_000);
    const late = new EventStream();
    await late.open(`${dev.server.url}${RELOAD_EVENTS_PATH}?since=${before}`);
    await late.waitFor(/event: reload\n/, 1_000);
    late.close();
    // a page rendered after the save opens its stream with the new count: nothing to catch up on
    const after = await sinceOf();
    expect(after).toBeGreaterThan(before);
    const current = new EventStream();
    await current.open(`${dev.server.url}${RELOAD_EVENTS_PATH}?since=${after}`);
    await expect(current.waitFor(/event: reload\n/, 300)).rejects.toThrow(/no \/event: reload/);
    current.close();
  });

  it('sends reload within a second of saving a template, and the page shows the edit', async () => {
    const saved = Date.now();
    appendFileSync(join(dev.theme, 'collections', 'products.list'), '\n<p class="edited-while-running">edited</p>\n');
    await dev.stream.waitFor(/event: reload\ndata: \["products\.list"\]\n\n/, 5_000);
    expect(Date.now() - saved).toBeLessThan(1_000);
    expect(await (await fetch(`${dev.server.url}/shop`)).text()).toContain('edited-while-running');
  });

  it('sends reload when a partial or a theme asset is saved', async () => {
    appendFileSync(join(dev.theme, 'blocks', 'footer.block'), '\n<!-- partial edited -->\n');
    await dev.stream.waitFor(/event: reload\ndata: \["footer\.block"\]\n\n/, 5_000);
    expect(await (await fetch(`${dev.server.url}/`)).text()).toContain('<!-- partial edited -->');
    appendFileSync(join(dev.theme, 'assets', 'site.css'), '\n/* asset edited */\n');
    await dev.stream.waitFor(/event: reload\ndata: \["site\.css"\]\n\n/, 5_000);
    expect(await (await fetch(`${dev.server.url}/theme/site.css`)).text()).toContain('/* asset edited */');
  });
});

describe('development server: a template folder deleted and copied back (a build step, an editor saving by rename)', () => {
  const dev = developmentServer();

  it('reloads for the copy, then goes on reloading when its files are saved', async () => {
    // as a build step does it, in another process while the server goes on watching
    await promisify(execFile)('sh', ['-c', 'rm -rf "$0" && cp -r "$1" "$0"', dev.theme, TEMPLATES_DIR]);
    // the folder itself is reported once its copy is watched
    await dev.stream.waitFor(/event: reload\ndata: \[[^\]]*"templates"[^\]]*\]\n\n/, 5_000);
    // the copy's subfolders are watched a moment after the folder's event (later on a busy machine):
    // a save in that moment may pass unseen, so the file is saved again until one is seen, for 10 s
    const saveUntilSeen = async (): Promise<void> => {
      for (let attempt = 1; ; attempt++) {
        appendFileSync(join(dev.theme, 'collections', 'products.list'), '\n<p class="edited-after-copy">edited</p>\n');
        try {
          await dev.stream.waitFor(/event: reload\ndata: \["products\.list"\]\n\n/, 1_000);
          return;
        } catch (error) {
          if (attempt === 10) throw error;
        }
      }
    };
    await saveUntilSeen();
    expect(await (await fetch(`${dev.server.url}/shop`)).text()).toContain('edited-after-copy');
  }, 25_000);
});

describe('development server: a template folder\'s stylesheet', () => {
  const dev = developmentServer((theme) => {
    const conf = JSON.parse(readFileSync(join(dev.theme, 'template.conf'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(dev.theme, 'template.conf'), JSON.stringify({ ...conf, stylesheets: ['site.less'] }));
    mkdirSync(join(dev.theme, 'styles'));
    writeFileSync(join(dev.theme, 'styles', 'site.less'), '@ink: #222;\nbody { color: @ink; }\n');
  });

  it('compiles a saved stylesheet before the reload, so the reloaded page shows its LESS error over it', async () => {
    expect(await (await fetch(`${dev.server.url}/shop`)).text()).not.toContain('site.less');
    writeFileSync(join(dev.theme, 'styles', 'site.less'), '@ink: #222;\nbody { color: @ink;\n');
    await dev.stream.waitFor(/event: reload\ndata: \[[^\]]*"site\.less"[^\]]*\]\n\n/, 5_000);
    const html = await (await fetch(`${dev.server.url}/shop`)).text();
    expect(html).toContain('data-island');
    expect(html).toMatch(/<li data-template="[^"]*site\.less" data-line="\d+" data-column="\d+">/);
    writeFileSync(join(dev.theme, 'styles', 'site.less'), '@ink: #222;\nbody { color: @ink; }\n');
    await dev.stream.waitFor(/event: reload\n/, 5_000);
    expect(await (await fetch(`${dev.server.url}/shop`)).text()).not.toMatch(/data-template="[^"]*site\.less"/);
  });
});

describe('development server: error overlay', () => {
  let server: RunningServer;
  let theme: string;
  beforeAll(async () => {
    theme = copyOfTheme();
    server = await startServer({ dev: true, templateDir: theme });
  });
  afterAll(async () => {
    await server.stop(true);
    rmSync(join(theme, '..'), { recursive: true, force: true });
  });

  function entries(html: string): Array<{ template: string; line: number; column: number; text: string }> {
    return [...html.matchAll(/<li data-template="([^"]*)" data-line="(\d+)" data-column="(\d+)">([\s\S]*?)<\/li>/g)]
      .map(([, template, line, column, text]) => ({ template: template!, line: Number(line), column: Number(column), text: text! }));
  }

  it('lists every syntax error of a broken page and partial with name, line, column, hint and frame', async () => {
    const page = readFileSync(join(theme, 'system', 'search.page'), 'utf8');
    writeFileSync(join(theme, 'system', 'search.page'), `${page}\n<p>{query|htmll}</p>\n<p>{query|bogus}</p>\n`);
    const lines = page.split('\n').length;
    appendFileSync(join(theme, 'blocks', 'header.block'), '\n{.end}\n');
    const headerLines = readFileSync(join(theme, 'blocks', 'header.block'), 'utf8').split('\n').length;
    const logged = vi.spyOn(server.app.deps.log, 'error');
    try {
      const response = await fetch(`${server.url}/search?q=x`);
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toContain(`id="${OVERLAY_ID}"`);
      const shown = entries(html);
      expect(shown.map(({ template, line, column }) => ({ template, line, column }))).toEqual([
        { template: 'system/search.page', line: lines + 1, column: 4 },
        { template: 'system/search.page', line: lines + 2, column: 4 },
        { template: 'blocks/header.block', line: headerLines - 1, column: 1 },
      ]);
      expect(shown[0]!.text).toContain('Formatter &#39;htmll&#39; is unknown');
      expect(shown[0]!.text).toContain('did you mean &#39;html&#39;?');
      // The frame: numbered lines around the error and a caret under its column, all escaped.
      expect(shown[0]!.text).toContain(`&gt; ${lines + 1} | &lt;p&gt;{query|htmll}&lt;/p&gt;`);
      expect(shown[0]!.text).toMatch(/\| {4}<span class="caret">\^<\/span>/);
      expect(shown[1]!.text).toContain('Formatter &#39;bogus&#39; is unknown');
      expect(html).not.toContain('<p>{query|');
      expect(shown[2]!.text).toContain('END not allowed at root');
      // The overlay page reloads once the author fixes the file.
      expect(html).toContain(`new EventSource("${RELOAD_EVENTS_PATH}?since=`);
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ errorCount: 3 }), 'template does not compile');
    } finally {
      logged.mockRestore();
      writeFileSync(join(theme, 'system', 'search.page'), page);
      writeFileSync(join(theme, 'blocks', 'header.block'), readFileSync(join(TEMPLATES_DIR, 'blocks', 'header.block')));
    }
    const fixed = await fetch(`${server.url}/search?q=x`);
    expect(fixed.status).toBe(200);
    expect(await fixed.text()).not.toContain(`id="${OVERLAY_ID}"`);
  });

  it('shows render errors over the page that rendered', async () => {
    const page = readFileSync(join(theme, 'pages', 'contact.page'), 'utf8');
    writeFileSync(join(theme, 'pages', 'contact.page'), `{@|apply no-such.block}\n${page}`);
    try {
      const response = await fetch(`${server.url}/contact`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('data-island="FormBlock"');
      const shown = entries(html);
      expect(shown).toHaveLength(1);
      expect(shown[0]).toMatchObject({ template: 'pages/contact.page' });
      expect(shown[0]!.text).toContain('no-such.block');
      expect(shown[0]!.text).toContain('{@|apply no-such.block}');
      expect(html.indexOf(OVERLAY_ID)).toBeLessThan(html.lastIndexOf('</body>'));
    } finally {
      writeFileSync(join(theme, 'pages', 'contact.page'), page);
    }
  });
  it('shows malformed tags kept as text over the page, which renders as it would without them', async () => {
    const page = readFileSync(join(theme, 'pages', 'contact.page'), 'utf8');
    writeFileSync(join(theme, 'pages', 'contact.page'), `{.section}\n${page}`);
    try {
      const response = await fetch(`${server.url}/contact`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('data-island="FormBlock"');
      expect(html).toContain('{.section}');
      const shown = entries(html);
      expect(shown).toHaveLength(1);
      expect(shown[0]).toMatchObject({ template: 'pages/contact.page' });
      expect(shown[0]).toMatchObject({ line: 1, column: 1 });
    } finally {
      writeFileSync(join(theme, 'pages', 'contact.page'), page);
    }
  });
});

describe('production server', () => {
  let server: RunningServer;
  let theme: string;
  // A production server reads its theme once: the broken files are in place before it starts.
  let galleryEndLine = 0;
  beforeAll(async () => {
    theme = copyOfTheme();
    const gallery = `{bad|htmll}\n${readFileSync(join(theme, 'collections', 'gallery.list'), 'utf8')}\n{.end}\n`;
    writeFileSync(join(theme, 'collections', 'gallery.list'), gallery);
    galleryEndLine = gallery.split('\n').indexOf('{.end}') + 1;
    writeFileSync(join(theme, 'system', 'search.page'), `{.end xyz}\n${readFileSync(join(theme, 'system', 'search.page'), 'utf8')}`);
    server = await startServer({ templateDir: theme });
  });
  afterAll(async () => {
    await server.stop(true);
    rmSync(join(theme, '..'), { recursive: true, force: true });
  });

  it('serves no /__dev/ path and no reload script', async () => {
    for (const path of [RELOAD_EVENTS_PATH, '/__dev/', '/__dev/anything']) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
    }
    for (const path of ['/', '/shop', '/cart', '/no-such-page']) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html).not.toContain('EventSource');
      expect(html).not.toContain('__dev');
    }
  });

  it('answers a broken template with the plain error page and logs every error with its position', async () => {
    const logged = vi.spyOn(server.app.deps.log, 'error');
    try {
      const response = await fetch(`${server.url}/gallery`);
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toContain('data-page-type="101"');
      expect(html).not.toContain(OVERLAY_ID);
      expect(html).not.toContain('htmll');
      const line = logged.mock.calls.find(([, message]) => message === 'page failed')![0] as { errors: Array<Record<string, unknown>> };
      expect(line.errors).toEqual([
        expect.objectContaining({ name: 'collections/gallery.list', line: 1, column: 1, message: expect.stringContaining("'htmll'") }),
        expect.objectContaining({ name: 'collections/gallery.list', line: galleryEndLine, column: 1, message: expect.stringContaining('END') }),
      ]);
    } finally {
      logged.mockRestore();
    }
  });

  it('serves a page whose malformed tags are kept as text, and logs them once with their positions when the folder loads', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${server.url}/search?q=mug`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('{.end xyz}');
    }
    const warnings: Array<[Record<string, unknown>, string]> = [];
    const errors: Array<[Record<string, unknown>, string]> = [];
    const log = { warn: (fields: Record<string, unknown>, message: string) => warnings.push([fields, message]), error: (fields: Record<string, unknown>, message: string) => errors.push([fields, message]), info: () => {} };
    const folder = new FolderCache(new DiskTemplateSource(theme), log as unknown as Logger, false);
    folder.current();
    folder.current();
    // an error, as the overlay counts it and tmpl check reports it, though the page serves the tag as text
    expect(warnings.filter(([, message]) => message === themeMessages.folderMalformedTagsLog)).toEqual([]);
    const reports = errors.filter(([, message]) => message === themeMessages.folderMalformedTagsLog);
    expect(reports).toHaveLength(1);
    expect(reports[0]![0].problems).toEqual([
      expect.objectContaining({ file: 'system/search.page', line: 1, column: 1, message: expect.stringContaining(' xyz'), validation: true, severity: 'error' }),
    ]);
  });
});

describe('development server: a template.conf saved broken or removed', () => {
  const dev = developmentServer();

  it('keeps serving: every page shows the overlay until the file is back, and browsers reload each time', async () => {
    const confPath = join(dev.theme, 'template.conf');
    const good = readFileSync(confPath, 'utf8');
    const overlay = async (place: string) => {
      const page = await fetch(`${dev.server.url}/shop`);
      expect(page.status).toBe(500);
      const html = await page.text();
      expect(html).toContain(OVERLAY_ID);
      expect(html).toContain(place);
    };
    writeFileSync(confPath, good.replace(/"name":/, '"name"'));
    await dev.stream.waitFor(/event: reload\ndata: \["template.conf"\]/, 10_000);
    await overlay('template.conf:2:');
    writeFileSync(confPath, good);
    await dev.stream.waitFor(/event: reload/, 10_000);
    expect((await fetch(`${dev.server.url}/shop`)).status).toBe(200);

    rmSync(confPath);
    await dev.stream.waitFor(/event: reload/, 10_000);
    await overlay('template.conf');
    writeFileSync(confPath, good);
    await dev.stream.waitFor(/event: reload/, 10_000);
    expect((await fetch(`${dev.server.url}/shop`)).status).toBe(200);
  });
});
