import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRIBUTOR_ROLES } from '../../../server/security/owner-permissions.ts';
import { SITE_USER_INFO_COOKIE, SITE_USER_SESSION_COOKIE } from '../../../server/security/site-user.ts';
import { addAccount, startServer, tempDatabasePath, Visitor, type RunningServer } from '../platform/harness.ts';
import { rowCounts } from './database-snapshot.ts';
import { concretePath, routeTable, type RouteEntry } from './route-table.ts';

// The owner (back-office) surface by path; the consistency test below catches a guarded route missing here.
const OWNER_PATHS = [
  /^\/api\/v1\/commerce-preferences\//,
  /^\/api\/site-header-footer$/,
  /^\/api\/multilingual\//,
  /^\/api\/content-service\//,
  /^\/api\/commondata\/GetSiteLayout$/,
  /^\/api\/widget\/UpdateNavigation$/,
  /^\/api\/site-users\/account\/notifications\/restock(\/groups|\/send|\/send\/all)?$/,
];
const isOwnerRoute = (route: RouteEntry): boolean =>
  OWNER_PATHS.some((pattern) => pattern.test(route.path)) && !(route.method === 'POST' && route.path === '/api/site-users/account/notifications/restock');

let server: RunningServer;
let removeDatabase: () => void;
let ownerRoutes: RouteEntry[];
beforeAll(async () => {
  const database = tempDatabasePath();
  removeDatabase = database.remove;
  server = await startServer(database.path);
  await addAccount(server, 'shopper@example.com', 'shopper password 1');
  await addAccount(server, 'billing@example.com', 'billing password 1', CONTRIBUTOR_ROLES.billing);
  ownerRoutes = routeTable(server.app).filter(isOwnerRoute);
});
afterAll(async () => {
  await server.stop();
  removeDatabase();
});

async function callEvery(visitor: Visitor, routes: RouteEntry[]): Promise<string[]> {
  const outcomes: string[] = [];
  for (const route of routes) {
    const answer = await visitor.call(concretePath(route.path), { method: route.method, json: route.method === 'GET' ? undefined : {} });
    outcomes.push(`${route.method} ${route.path} ${answer.status}`);
  }
  return outcomes;
}

describe('owner calls', () => {
  it('finds the owner routes in the route table', () => {
    expect(ownerRoutes.length).toBeGreaterThanOrEqual(12);
  });

  it('answer 401 to an anonymous visitor and write nothing', async () => {
    const before = rowCounts(server.app.deps.db);
    const outcomes = await callEvery(new Visitor(server), ownerRoutes);
    expect(outcomes).toEqual(ownerRoutes.map((route) => `${route.method} ${route.path} 401`));
    expect(rowCounts(server.app.deps.db)).toEqual(before);
  });

  it('answer 403 to a signed-in visitor account', async () => {
    const shopper = new Visitor(server);
    expect((await shopper.signIn('shopper@example.com', 'shopper password 1')).status).toBe(200);
    const before = rowCounts(server.app.deps.db);
    const outcomes = await callEvery(shopper, ownerRoutes);
    expect(outcomes).toEqual(ownerRoutes.map((route) => `${route.method} ${route.path} 403`));
    expect(rowCounts(server.app.deps.db)).toEqual(before);
  });

  it('answer 403 to a role without the right for every state-changing owner call', async () => {
    const billing = new Visitor(server);
    expect((await billing.signIn('billing@example.com', 'billing password 1')).status).toBe(200);
    const changing = ownerRoutes.filter((route) => route.method !== 'GET');
    expect(changing.length).toBeGreaterThan(5);
    const before = rowCounts(server.app.deps.db);
    const outcomes = await callEvery(billing, changing);
    expect(outcomes).toEqual(changing.map((route) => `${route.method} ${route.path} 403`));
    expect(rowCounts(server.app.deps.db)).toEqual(before);
  });

  it('no route outside the owner list asks for an owner sign-in (the list is complete)', async () => {
    const others = routeTable(server.app).filter((route) => !isOwnerRoute(route) && route.method === 'GET' && route.path.startsWith('/api/'));
    const outcomes = await callEvery(new Visitor(server), others);
    expect(outcomes.filter((outcome) => outcome.endsWith(' 401'))).toEqual([]);
  });
});

describe('cookie tampering', () => {
  it('a SiteUserInfo cookie rewritten to claim the admin role gives no extra right', async () => {
    const billing = new Visitor(server);
    expect((await billing.signIn('billing@example.com', 'billing password 1')).status).toBe(200);
    const info = billing.cookies.get(SITE_USER_INFO_COOKIE) ?? '';
    billing.cookies.set(SITE_USER_INFO_COOKIE, info.replace(/"contributorRole":\s*\d+/, `"contributorRole":${CONTRIBUTOR_ROLES.admin}`).replace(/"isOwner":false/, '"isOwner":true'));
    const before = rowCounts(server.app.deps.db);
    const answer = await billing.call('/api/site-header-footer', { method: 'PUT', json: {} });
    expect(answer.status).toBe(403);
    expect(rowCounts(server.app.deps.db)).toEqual(before);
  });

  it('a tampered session cookie signs nobody in', async () => {
    const shopper = new Visitor(server);
    expect((await shopper.signIn('shopper@example.com', 'shopper password 1')).status).toBe(200);
    const session = shopper.cookies.get(SITE_USER_SESSION_COOKIE) ?? '';
    expect(session).not.toBe('');
    shopper.cookies.set(SITE_USER_SESSION_COOKIE, `${session.slice(0, -4)}AAAA`);
    expect((await shopper.call('/api/site-header-footer')).status).toBe(401);
  });
});
