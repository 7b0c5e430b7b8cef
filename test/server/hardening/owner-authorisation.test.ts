import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRIBUTOR_ROLES, roleAllows } from '../../../server/security/owner-permissions.ts';
import { SITE_USER_INFO_COOKIE, SITE_USER_SESSION_COOKIE } from '../../../server/security/site-user.ts';
import { UNTHROTTLED } from '../helpers/platform-server.ts';
import { addAccount, startServer, tempDatabasePath, Visitor, type RunningServer } from '../platform/harness.ts';
import { rowCounts } from './database-snapshot.ts';
import { concretePath, routeTable, type RouteEntry } from './route-table.ts';

// Paths that belong to the owner (back office). Every route under them must carry the
// requireOwner guard; the guard itself is found on the route, so a new owner route is tested
// without being listed, and one added here without the guard fails the completeness test.
const OWNER_PATHS = [
  /^\/api\/v1\/commerce-preferences(\/|$)/,
  /^\/api\/site-header-footer(\/|$)/,
  /^\/api\/multilingual(\/|$)/,
  /^\/api\/content-service(\/|$)/,
  /^\/api\/commondata(\/|$)/,
  /^\/api\/widget(\/|$)/,
  /^\/api\/site-users\/account\/notifications\/restock(\/|$)/,
  /^\/api\/admin(\/|\.|$)/,
];
/** Visitor calls that live under an owner path: the restock sign-up itself. */
const VISITOR_CALLS_UNDER_OWNER_PATHS = new Set(['POST /api/site-users/account/notifications/restock']);

const describeRoute = (route: RouteEntry): string => `${route.method} ${route.path}`;
const underOwnerPath = (route: RouteEntry): boolean =>
  OWNER_PATHS.some((pattern) => pattern.test(route.path)) && !VISITOR_CALLS_UNDER_OWNER_PATHS.has(describeRoute(route));

const ROLES = Object.entries(CONTRIBUTOR_ROLES) as [string, number][];

let server: RunningServer;
let removeDatabase: () => void;
let routes: RouteEntry[];
let ownerRoutes: RouteEntry[];
beforeAll(async () => {
  const database = tempDatabasePath();
  removeDatabase = database.remove;
  // the walk sends more owner writes than one client's budget; throttling has its own tests
  server = await startServer(database.path, { rateLimits: UNTHROTTLED });
  await addAccount(server, 'shopper@example.com', 'shopper password 1');
  for (const [name, role] of ROLES) await addAccount(server, `${name}@example.com`, `${name} password 1`, role);
  routes = routeTable(server.app);
  ownerRoutes = routes.filter((route) => route.ownerPermission !== null);
});
afterAll(async () => {
  await server.stop();
  removeDatabase();
});

async function callEvery(visitor: Visitor, list: RouteEntry[]): Promise<string[]> {
  const outcomes: string[] = [];
  for (const route of list) {
    const answer = await visitor.call(concretePath(route.path), { method: route.method, json: route.method === 'GET' ? undefined : {} });
    outcomes.push(`${describeRoute(route)} ${answer.status}`);
  }
  return outcomes;
}

async function signedIn(email: string, password: string): Promise<Visitor> {
  const visitor = new Visitor(server);
  expect((await visitor.signIn(email, password)).status).toBe(200);
  return visitor;
}

describe('the owner routes, found by their requireOwner guard', () => {
  it('are found in the route table, reading and changing', () => {
    expect(ownerRoutes.length).toBeGreaterThanOrEqual(17);
    expect(ownerRoutes.filter((route) => route.method !== 'GET').length).toBeGreaterThan(5);
  });

  it('cover every route under an owner path (a new owner route without the guard fails here)', () => {
    const unguarded = routes.filter((route) => underOwnerPath(route) && route.ownerPermission === null).map(describeRoute);
    expect(unguarded).toEqual([]);
  });

  it('stay under the owner paths, so the path list describes the owner surface', () => {
    const elsewhere = ownerRoutes.filter((route) => !underOwnerPath(route)).map(describeRoute);
    expect(elsewhere).toEqual([]);
  });

  it('the visitor calls under owner paths stay open to visitors', () => {
    for (const call of VISITOR_CALLS_UNDER_OWNER_PATHS) {
      const route = routes.find((candidate) => describeRoute(candidate) === call);
      expect(route, call).toBeDefined();
      expect(route!.ownerPermission, call).toBeNull();
    }
  });
});

describe('owner calls', () => {
  it('answer 401 to an anonymous visitor and write nothing', async () => {
    const before = await rowCounts(server.app.deps.store);
    const outcomes = await callEvery(new Visitor(server), ownerRoutes);
    expect(outcomes).toEqual(ownerRoutes.map((route) => `${describeRoute(route)} 401`));
    expect(await rowCounts(server.app.deps.store)).toEqual(before);
  });

  it('answer 403 to a signed-in visitor account', async () => {
    const shopper = await signedIn('shopper@example.com', 'shopper password 1');
    const before = await rowCounts(server.app.deps.store);
    const outcomes = await callEvery(shopper, ownerRoutes);
    expect(outcomes).toEqual(ownerRoutes.map((route) => `${describeRoute(route)} 403`));
    expect(await rowCounts(server.app.deps.store)).toEqual(before);
  });

  it('answer 403 to every role on every call its right does not cover, and write nothing', async () => {
    let refusals = 0;
    for (const [name, role] of ROLES) {
      const account = await signedIn(`${name}@example.com`, `${name} password 1`);
      const denied = ownerRoutes.filter((route) => !roleAllows(role, route.ownerPermission!));
      refusals += denied.length;
      const before = await rowCounts(server.app.deps.store);
      const outcomes = await callEvery(account, denied);
      expect(outcomes, name).toEqual(denied.map((route) => `${describeRoute(route)} 403`));
      expect(await rowCounts(server.app.deps.store), name).toEqual(before);
    }
    expect(refusals).toBeGreaterThan(ownerRoutes.length * 5);
  });

  it('let every role read what its right covers', async () => {
    for (const [name, role] of ROLES) {
      const account = await signedIn(`${name}@example.com`, `${name} password 1`);
      const readable = ownerRoutes.filter((route) => route.method === 'GET' && roleAllows(role, route.ownerPermission!));
      const outcomes = await callEvery(account, readable);
      expect(outcomes.filter((outcome) => / 40[13]$/.test(outcome)), name).toEqual([]);
    }
  });

  it('answer 403 to a state-changing call without the session token, even from the owner', async () => {
    const admin = await signedIn('admin@example.com', 'admin password 1');
    admin.xsrfToken = null;
    const changing = ownerRoutes.filter((route) => route.method !== 'GET');
    const before = await rowCounts(server.app.deps.store);
    const outcomes = await callEvery(admin, changing);
    expect(outcomes).toEqual(changing.map((route) => `${describeRoute(route)} 403`));
    expect(await rowCounts(server.app.deps.store)).toEqual(before);
  });

  it('no route without the guard asks for an owner sign-in', async () => {
    const others = routes.filter((route) => route.ownerPermission === null && route.method === 'GET' && route.path.startsWith('/api/'));
    const outcomes = await callEvery(new Visitor(server), others);
    expect(outcomes.filter((outcome) => outcome.endsWith(' 401'))).toEqual([]);
  });
});

describe('cookie tampering', () => {
  it('a SiteUserInfo cookie rewritten to claim the admin role gives no extra right', async () => {
    const billing = await signedIn('billing@example.com', 'billing password 1');
    const info = billing.cookies.get(SITE_USER_INFO_COOKIE) ?? '';
    billing.cookies.set(SITE_USER_INFO_COOKIE, info.replace(/"contributorRole":\s*\d+/, `"contributorRole":${CONTRIBUTOR_ROLES.admin}`).replace(/"isOwner":false/, '"isOwner":true'));
    const before = await rowCounts(server.app.deps.store);
    const answer = await billing.call('/api/site-header-footer', { method: 'PUT', json: {} });
    expect(answer.status).toBe(403);
    expect(await rowCounts(server.app.deps.store)).toEqual(before);
  });

  it('a tampered session cookie signs nobody in', async () => {
    const shopper = await signedIn('shopper@example.com', 'shopper password 1');
    const session = shopper.cookies.get(SITE_USER_SESSION_COOKIE) ?? '';
    expect(session).not.toBe('');
    shopper.cookies.set(SITE_USER_SESSION_COOKIE, `${session.slice(0, -4)}AAAA`);
    expect((await shopper.call('/api/site-header-footer')).status).toBe(401);
  });
});
