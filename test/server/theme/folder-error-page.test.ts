/**
 * When the store itself fails, the error page cannot be composed from the store's context: a
 * template folder still answers with its own error page (or the built-in one) in its regions,
 * composed without the store, and only a folder whose error page cannot render falls back to the
 * bare last-resort page.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverMessages } from '../../../server/messages.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';

const CONF = JSON.stringify({ name: 'Failing', layouts: { default: { name: 'Default', regions: ['site'] } }, navigations: [{ name: 'mainNav' }] });
const REGION = '<html><head>{squarespace-headers}</head><body id="{squarespace.page-id}">'
  + '<nav><squarespace:navigation navigationId="mainNav" template="nav" /></nav>'
  + '<main>{squarespace.main-content}</main>{squarespace-footers}</body></html>';

function writeFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'folder-error-page-'));
  for (const [path, text] of Object.entries({ 'template.conf': CONF, 'site.region': REGION, 'blocks/nav.block': '{.repeated section items}<a>{collection.title}</a>{.end}', ...files })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('the error page of a template folder when the store fails', () => {
  let server: RunningServer | undefined;
  let dir = '';
  afterEach(async () => {
    vi.restoreAllMocks();
    await server?.stop(true);
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
    dir = '';
  });

  /** Starts the folder's server and breaks its store under it: every statement then throws. */
  async function failingStore(files: Record<string, string> | null): Promise<{ status: number; html: string; nonce: string; logged: unknown[][] }> {
    // null: the project's own theme
    if (files !== null) dir = writeFolder(files);
    server = await startServer(files !== null ? { templateDir: dir } : {});
    expect((await fetch(`${server.url}/shop`)).status).toBe(200);
    const logged: unknown[][] = [];
    vi.spyOn(server.app.deps.log, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args);
    });
    const { store } = server.app.deps;
    const gone = new Error('the store is gone');
    for (const method of ['all', 'get', 'run', 'transaction'] as const) vi.spyOn(store, method).mockRejectedValue(gone);
    const response = await fetch(`${server.url}/shop`);
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
    return { status: response.status, html: await response.text(), nonce, logged };
  }

  it('answers the folder\'s own system/error.page in its regions, the tags reading no store', async () => {
    const { status, html, nonce, logged } = await failingStore({ 'system/error.page': '<h1 class="own-error">{pageTitle}</h1><script nonce="{cspNonce}"></script>' });
    expect(status).toBe(500);
    expect(html).toContain('<body id="error-page">');
    expect(nonce).not.toBe('');
    expect(html).toContain(`<main><h1 class="own-error">${serverMessages.errorPageTitle}</h1><script nonce="${nonce}"></script></main>`);
    expect(html).toContain('<nav></nav>');
    expect(logged.map(([, message]) => message)).toEqual(expect.arrayContaining(['page failed', 'error page failed']));
  });

  it('answers the built-in error page in the folder\'s regions when the folder has none', async () => {
    const { status, html } = await failingStore({});
    expect(status).toBe(500);
    expect(html).toMatch(/<main><div class="error-page" data-builtin-page><style>[^<]*<\/style>\s*<h1>Something went wrong<\/h1>/);
  });

  it('answers the project\'s own theme\'s error page, as a folder theme, with its page type', async () => {
    const { status, html } = await failingStore(null);
    expect(status).toBe(500);
    expect(html).toContain('data-page-type="101"');
    expect(html).toMatch(/<main id="main" class="error-page">\s*<h1>Something went wrong<\/h1>/);
  });

  it('falls back to the bare page when the folder\'s error page has render errors', async () => {
    const { status, html } = await failingStore({ 'system/error.page': '{@|apply missing.block}' });
    expect(status).toBe(500);
    expect(html).toContain(`<h1>${serverMessages.errorPageTitle}</h1></body></html>`);
    expect(html).not.toContain('<nav>');
  });
});
