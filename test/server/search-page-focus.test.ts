/**
 * The header's search link opens a search page whose box has the focus, so a shopper on a phone
 * types at once instead of tapping the box first; a page of results leaves the focus alone (the
 * shopper reads the results, and the keyboard would cover them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './helpers/start-server.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

async function searchBox(path: string): Promise<string> {
  const html = await (await fetch(server.url + path)).text();
  return /<input id="search-q"[^>]*>/.exec(html)?.[0] ?? '';
}

describe('the search page\'s box', () => {
  it('has the focus when nothing has been searched yet', async () => {
    expect(await searchBox('/search')).toMatch(/\sautofocus>$/);
  });

  it('leaves the focus alone on a page of results, found or not', async () => {
    expect(await searchBox('/search?q=mug')).not.toContain('autofocus');
    expect(await searchBox('/search?q=zzzqqq')).not.toContain('autofocus');
  });
});
