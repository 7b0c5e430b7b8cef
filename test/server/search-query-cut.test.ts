/**
 * Search reads the first SEARCH_MAX_LENGTH characters of a query. A longer one (pasted into the
 * box, or from a link) is searched by its start, and the results page says so instead of cutting
 * it silently; the box lets such a query through to the server, which is what can tell.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_MAX_LENGTH } from '../../server/db/search-words.ts';
import { fillMessage, serverMessages } from '../../server/messages.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

const cutNote = fillMessage(serverMessages.searchQueryCut, { max: SEARCH_MAX_LENGTH });

async function searchPage(query: string): Promise<string> {
  const response = await fetch(`${server.url}/search?q=${encodeURIComponent(query)}`);
  expect(response.status).toBe(200);
  return response.text();
}

describe('a search query longer than search reads', () => {
  it('is searched by its start, and the page says only that much was searched', async () => {
    const long = 'linen '.repeat(60);
    const html = await searchPage(long);
    expect(html).toContain(`<p class="search-cut-note" role="status">${cutNote}</p>`);
    // the box and the summary show what was searched
    expect(html).toContain(`value="${long.trim().slice(0, SEARCH_MAX_LENGTH)}"`);
  });

  it('says nothing of the kind for a query search reads whole, spaces around it aside', async () => {
    expect(await searchPage(`  ${'m'.repeat(SEARCH_MAX_LENGTH)}  `)).not.toContain(cutNote);
    expect(await searchPage('mug')).not.toContain(cutNote);
  });

  it('has a box that sends a longer query on, so the page can tell it was cut', async () => {
    const html = await searchPage('');
    const box = /<input id="search-q"[^>]*>/.exec(html)![0];
    const maxLength = Number(/maxlength="(\d+)"/.exec(box)?.[1] ?? Infinity);
    expect(maxLength).toBeGreaterThan(SEARCH_MAX_LENGTH);
  });
});
