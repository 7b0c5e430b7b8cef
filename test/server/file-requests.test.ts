/**
 * The files pages load are the same for every visitor: they set no cookie, so a cache in front
 * of the store may keep them without handing one visitor's crumb secret to the next. Pages still
 * give a first-time visitor the crumb.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../server/messages.ts';
import { CRUMB_COOKIE, CRUMB_SECRET_COOKIE } from '../../server/security/crumb.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

const cookiesOf = (response: Response): string[] => response.headers.getSetCookie().map((cookie) => cookie.slice(0, cookie.indexOf('=')));

describe('cookies on files and pages', () => {
  it('are not set on the files a page loads, fetched without cookies as a cache fetches them', async () => {
    const html = await (await fetch(`${server.url}/shop/p/linen-shirt`)).text();
    const files = [...html.matchAll(/(?:src|href)="(\/(?:assets|theme)\/[^"?]+)/g)].map((match) => match[1]!);
    expect(files.length).toBeGreaterThan(3);
    for (const path of [...files, '/favicon.ico', '/robots.txt', '/sitemap.xml']) {
      const response = await fetch(server.url + path);
      expect(response.status, path).toBe(200);
      expect(cookiesOf(response), path).toEqual([]);
    }
  });

  it('are not set on a file asked for in another case or with a trailing slash, which is still served as the file', async () => {
    for (const path of ['/ROBOTS.TXT', '/robots.txt/', '/universal/svg/SOCIAL-ACCOUNTS.svg', '/universal/svg/social-accounts.svg/', '/Sitemap.xml']) {
      const response = await fetch(server.url + path);
      expect(response.status, path).toBe(200);
      expect(cookiesOf(response), path).toEqual([]);
    }
  });

  it('are not set on the answer for a missing file either: a plain 404 of its own kind, not a page the browser would read as the file', async () => {
    const kinds: [string, RegExp, string][] = [
      ['/assets/no-such-file.js', /^text\/javascript/, `/* ${serverMessages.fileNotFound} */\n`],
      ['/theme/missing.css', /^text\/css/, `/* ${serverMessages.fileNotFound} */\n`],
      ['/scripts/site-bundle.js', /^text\/javascript/, `/* ${serverMessages.fileNotFound} */\n`],
      ['/uploads/gone.png', /^text\/plain/, serverMessages.fileNotFound],
    ];
    for (const [path, type, body] of kinds) {
      const response = await fetch(server.url + path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(type);
      expect(await response.text(), path).toBe(body);
      expect(cookiesOf(response), path).toEqual([]);
    }
    // a page that does not exist is still the store's 404 page
    const page = await fetch(`${server.url}/no-such-page`);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('are set on a page for a first-time visitor, as before', async () => {
    const response = await fetch(`${server.url}/shop`);
    expect(cookiesOf(response)).toEqual(expect.arrayContaining([CRUMB_SECRET_COOKIE, CRUMB_COOKIE]));
  });

  it('still guard a write under a file folder: a POST is checked like any other', async () => {
    const response = await fetch(`${server.url}/assets/anything.js`, { method: 'POST' });
    expect(response.status).toBe(403);
  });
});
