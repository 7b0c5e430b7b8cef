import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../../server/messages.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { Visitor } from '../helpers/visitor.ts';
import { rowCounts } from './database-snapshot.ts';
import { concretePath, routeTable } from './route-table.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

describe('every state-changing route demands the crumb', () => {
  it('the route table has state-changing routes to check', () => {
    const routes = routeTable(server.app).filter((route) => STATE_CHANGING.has(route.method));
    // A walk that found nothing would make the checks below vacuous.
    expect(routes.length).toBeGreaterThan(20);
  });

  const cases: Array<[string, (v: Visitor, method: string, path: string) => Promise<{ status: number; body: unknown; text: string }>]> = [
    ['no crumb and no cookies', (_v, method, path) => new Visitor(_v.baseUrl).request(method, path, { quantity: 1 }, { withoutCrumb: true })],
    ['no crumb header', (v, method, path) => v.request(method, path, { quantity: 1 }, { withoutCrumb: true })],
    ['a wrong crumb header', (v, method, path) => v.request(method, path, { quantity: 1 }, { crumb: 'forged-crumb-value' })],
    ['a wrong crumb body field', (v, method, path) => v.request(method, path, { crumb: 'forged', quantity: 1 }, { withoutCrumb: true })],
    ['a wrong crumb form field', (v, method, path) => v.request(method, path, undefined, { withoutCrumb: true, form: { crumb: 'forged' } })],
  ];

  for (const [label, send] of cases) {
    it(`answers 403 crumbFail with ${label} and writes nothing`, async () => {
      const routes = routeTable(server.app).filter((route) => STATE_CHANGING.has(route.method));
      const visitor = await new Visitor(server.url).start();
      expect(visitor.crumb).not.toBe('');
      const before = await rowCounts(server.app.deps.store);
      const failures: string[] = [];
      for (const route of routes) {
        const answer = await send(visitor, route.method, concretePath(route.path));
        const body = answer.body as { crumbFail?: unknown; message?: unknown };
        // a page's plain form post is answered with the error page (no script reads JSON there), calls with JSON
        const pageFormPost = label === 'a wrong crumb form field' && !route.path.startsWith('/api/');
        // but the checkout's own form, which posts natively only when its island is not live, goes
        // back to the checkout saying the order was not placed (server/pages/checkout-native-post.ts)
        const checkoutFormPost = pageFormPost && route.method === 'POST' && route.path === '/checkout';
        const refused = checkoutFormPost
          ? answer.status === 303 && (answer as { headers?: Headers }).headers?.get('location') === '/checkout?notPlaced=1'
          : pageFormPost
          ? answer.status === 403 && answer.text.includes(serverMessages.formExpired)
          : answer.status === 403 && body.crumbFail === true && typeof body.message === 'string';
        if (!refused) {
          failures.push(`${route.method} ${route.path} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`);
        }
      }
      expect(failures).toEqual([]);
      expect(await rowCounts(server.app.deps.store)).toEqual(before);
    });
  }
});
