import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAILING_LIST_CONFIRM_PATH } from '../../../server/api/mailing-list-signup.ts';
import { DOWNLOAD_PATH } from '../../../server/commerce/download-grants.ts';
import { createLocalCaptcha } from '../../../server/security/captcha.ts';
import { RATE_LIMIT_TABLE, RATE_LIMITED_CALLS, type RateLimitedCall, type RateLimitOptions } from '../../../server/security/rate-limit-table.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { Visitor } from '../helpers/visitor.ts';
import { concretePath, routeTable, type RouteEntry } from './route-table.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** GET routes that change state or hand out something scarce, so they are throttled too. */
const THROTTLED_GETS = new Set(['/api/captcha/challenge', MAILING_LIST_CONFIRM_PATH, `${DOWNLOAD_PATH}:token`]);
/** The sign-in call has its own back-off policy (sign-in-back-off.test.ts). */
const OWN_POLICY = new Set(['signIn']);
const BUDGET = 2;

let server: PlatformServer;
let owner: SiteUserVisitor;
beforeAll(async () => {
  // every budget small; a proxy is trusted so each route can be called from an address of its own
  const rateLimits: Partial<RateLimitOptions> = Object.fromEntries(RATE_LIMITED_CALLS.map((call) => [call, BUDGET]));
  server = await startPlatformServer({ captcha: createLocalCaptcha(), trustProxy: true, rateLimits });
  owner = await server.signInOwner();
});
afterAll(async () => {
  await server.stop(true);
});

function throttledRoutes(): RouteEntry[] {
  return routeTable(server.app).filter((route) => STATE_CHANGING.has(route.method) || (route.method === 'GET' && THROTTLED_GETS.has(route.path)));
}

describe('every state-changing call is throttled', () => {
  it('finds the write routes, the captcha challenge and the confirmation link in the route table', () => {
    const routes = throttledRoutes();
    // a walk that found nothing would make the checks below vacuous
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map((route) => `${route.method} ${route.path}`)).toEqual(expect.arrayContaining([
      'POST /checkout/gift-card', 'POST /api/site-users/account/notifications/restock', 'POST /api/captcha/solve', 'GET /api/captcha/challenge',
      'GET /downloads/:token', 'POST /api/admin/products/:productId/file', 'DELETE /api/admin/products/:productId/file',
    ]));
  });

  it('gives every one of them a throttle step counting a budget of the table', () => {
    const unthrottled = throttledRoutes()
      .filter((route) => route.rateLimitedCall === null || !(route.rateLimitedCall in RATE_LIMIT_TABLE || OWN_POLICY.has(route.rateLimitedCall)))
      .map((route) => `${route.method} ${route.path}`);
    expect(unthrottled).toEqual([]);
  });

  it('lists every budget with its default in the server documentation', () => {
    const readme = readFileSync(new URL('../../../server/README.md', import.meta.url), 'utf8');
    const missing = RATE_LIMITED_CALLS.filter((call) => !readme.includes(`| \`${call}\` | ${RATE_LIMIT_TABLE[call].limit} |`));
    expect(missing).toEqual([]);
  });

  it('answers 429 with the table\'s message once a client has used the budget', async () => {
    const visitor = await new Visitor(server.url).start();
    const failures: string[] = [];
    let client = 0;
    for (const route of throttledRoutes()) {
      if (route.rateLimitedCall === null || OWN_POLICY.has(route.rateLimitedCall)) continue;
      client += 1;
      const headers = { 'x-forwarded-for': `10.77.${Math.floor(client / 250)}.${client % 250}` };
      // an owner call is refused before its budget is counted unless its caller may make it (an
      // anonymous flood from the owner's address must not spend the owner's budget): the owner walks those
      const caller = route.ownerPermission === null ? visitor : owner;
      const send = () => caller.request(route.method, concretePath(route.path), route.method === 'GET' ? undefined : {}, { headers });
      for (let i = 0; i < BUDGET; i += 1) {
        const answer = await send();
        if (answer.status === 429) failures.push(`${route.method} ${route.path}: 429 within the budget`);
      }
      const limited = await send();
      const { message } = RATE_LIMIT_TABLE[route.rateLimitedCall as RateLimitedCall];
      const shown = route.path.startsWith('/api/') ? (limited.body as { message?: unknown })?.message : limited.text;
      if (limited.status !== 429) failures.push(`${route.method} ${route.path}: ${limited.status} past the budget`);
      else if (!limited.headers.get('retry-after')) failures.push(`${route.method} ${route.path}: 429 without Retry-After`);
      else if (typeof shown !== 'string' || !shown.includes(message)) failures.push(`${route.method} ${route.path}: 429 without "${message}"`);
    }
    expect(failures).toEqual([]);
  });
});
