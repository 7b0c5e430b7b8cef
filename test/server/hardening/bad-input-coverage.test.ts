import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { BAD_INPUT_COVERAGE } from './bad-input-routes.ts';
import { routeTable } from './route-table.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let server: PlatformServer;
let routes: string[];
beforeAll(async () => {
  // every optional call switched on (the built-in captcha adds its routes)
  server = await startPlatformServer();
  routes = routeTable(server.app).map((route) => `${route.method} ${route.path}`);
});
afterAll(async () => {
  await server.stop(true);
});

/** The literal parts of a route pattern, e.g. "/api/census/RecordQuickView" of ".../:id". */
function literalParts(path: string): string[] {
  return path.split(/\/:\w+/).filter((part) => part !== '' && part !== '/');
}

describe('bad-input coverage of the route table', () => {
  it('the route table has the routes to check', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it('every route has a bad-input entry', () => {
    expect(routes.filter((route) => !(route in BAD_INPUT_COVERAGE))).toEqual([]);
  });

  it('every entry names a route that exists', () => {
    expect(Object.keys(BAD_INPUT_COVERAGE).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('no state-changing route claims to take no input', () => {
    const claims = Object.entries(BAD_INPUT_COVERAGE).filter(([route, entry]) => STATE_CHANGING.has(route.split(' ')[0]) && 'noInput' in entry);
    expect(claims.map(([route]) => route)).toEqual([]);
  });

  it('every named test file exists and calls its route', () => {
    const problems: string[] = [];
    for (const [route, entry] of Object.entries(BAD_INPUT_COVERAGE)) {
      if (!('file' in entry)) continue;
      const url = new URL(entry.file, import.meta.url);
      if (!existsSync(url)) {
        problems.push(`${route}: ${entry.file} does not exist`);
        continue;
      }
      const source = readFileSync(url, 'utf8');
      const path = route.slice(route.indexOf(' ') + 1);
      const missing = literalParts(path).filter((part) => !source.includes(part));
      if (missing.length > 0) problems.push(`${route}: ${entry.file} never mentions ${missing.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });
});
