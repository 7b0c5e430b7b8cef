import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDigest } from '../helpers/database-digest.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { HOSTILE_TEXT } from '../helpers/refusal.ts';
import { SITE_USER_XSRF_HEADER } from '../../../server/security/site-user.ts';
import type { VisitorResponse } from '../helpers/visitor.ts';
import { routeTable, type RouteEntry } from './route-table.ts';

// A blanket pass over the whole route table, on top of the per-call files: whatever arrives,
// no call answers 5xx, a refused API call answers JSON with a message, and a refusal writes nothing.
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Signing out would end the session the walk signs in with; its bad input has its own file. */
const SKIPPED = new Set(['DELETE /api/site-users/account/session']);

const FIELD_NAMES = [
  'itemId', 'sku', 'quantity', 'qty', 'additionalFields', 'email', 'siteVisitorEmail', 'password', 'rememberMe', 'language',
  'languages', 'formId', 'key', 'form', 'event', 'data', 'productId', 'variantId', 'sendRequests', 'header', 'footer',
  'title', 'displayName', 'type', 'navigation', 'challenge', 'answer', 'eventSchemaName', 'eventContent', 'cartToken',
  'captchaToken', 'isJoinMailingList', 'events', 'pageLoadId', 'ss_cvr', 'visitorCookie',
];
const hostileValues: unknown[] = [HOSTILE_TEXT.sql, -1, 1.5, 1e300, { $gt: '' }, [HOSTILE_TEXT.controlAndUnicode], null, true];
const hostileObject = Object.fromEntries(FIELD_NAMES.map((name, index) => [name, hostileValues[index % hostileValues.length]]));
const hostileForm = Object.fromEntries(FIELD_NAMES.map((name) => [name, HOSTILE_TEXT.sql]));

/** Deep enough to overflow recursive readers, small enough to pass the body size limit. */
const DEEP_JSON = `{"navigation":{"items":[${'{"items":['.repeat(6000)}${']}'.repeat(6000)}]},"header":${'['.repeat(30_000)}${']'.repeat(30_000)}}`;

type Send = (v: PlatformVisitor, method: string, url: string) => Promise<VisitorResponse>;
type PlatformVisitor = Awaited<ReturnType<PlatformServer['signInOwner']>>;

const BODIES: Array<[string, Send]> = [
  ['malformed JSON', (v, method, url) => v.request(method, url, '{"itemId": ')],
  ['an empty object', (v, method, url) => v.request(method, url, {})],
  ['an array', (v, method, url) => v.request(method, url, [HOSTILE_TEXT.sql])],
  ['hostile values in every known field', (v, method, url) => v.request(method, url, hostileObject)],
  ['hostile form fields', (v, method, url) => v.request(method, url, undefined, { form: hostileForm })],
  ['text that is not JSON', (v, method, url) => sendRaw(v, method, url, 'text/plain;charset=UTF-8', 'not json at all')],
  ['JSON nested thousands of levels deep', (v, method, url) => v.request(method, url, DEEP_JSON)],
  ['a text beacon nested thousands of levels deep', (v, method, url) => sendRaw(v, method, url, 'text/plain;charset=UTF-8', DEEP_JSON)],
  ['an XML body', (v, method, url) => sendRaw(v, method, url, 'application/xml', '<itemId>1</itemId>')],
];

/** A body of any content type, with the visitor's cookies, crumb and session token. */
async function sendRaw(v: PlatformVisitor, method: string, url: string, contentType: string, text: string): Promise<VisitorResponse> {
  const response = await fetch(`${v.baseUrl}${url}`, {
    method,
    headers: {
      'content-type': contentType,
      cookie: [...v.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-csrf-token': decodeURIComponent(v.crumb),
      [SITE_USER_XSRF_HEADER]: v.xsrfToken,
    },
    body: text,
    redirect: 'manual',
  });
  const body = await response.text();
  let parsed: unknown = body;
  if ((response.headers.get('content-type') ?? '').includes('application/json')) parsed = JSON.parse(body);
  return { status: response.status, body: parsed, text: body, headers: response.headers };
}

/** The route's URL with each parameter replaced by SQL metacharacters. */
function hostilePath(route: RouteEntry): string {
  return route.path.replace(/:(\w+)/g, () => encodeURIComponent(HOSTILE_TEXT.sql));
}

let server: PlatformServer;
let routes: RouteEntry[];
beforeAll(async () => {
  server = await startPlatformServer();
  routes = routeTable(server.app).filter((route) => STATE_CHANGING.has(route.method) && !SKIPPED.has(`${route.method} ${route.path}`));
});
afterAll(async () => {
  await server.stop(true);
});

describe('every state-changing route, called by the signed-in owner with hostile input', () => {
  it('has routes to walk', () => {
    expect(routes.length).toBeGreaterThan(25);
  });

  for (const [label, send] of BODIES) {
    // about 250 calls, each between two digests of every table (on PostgreSQL a query a table):
    // 10-20 s on a quiet machine, and more than twice that on a busy one
    it(`answers ${label} without a 5xx, with a JSON message when refused, writing nothing when refused`, async () => {
      const owner = await server.signInOwner();
      const problems: string[] = [];
      // the digest after a refused call is the next call's before: nothing runs between the two
      let known: Record<string, string> | null = null;
      for (const route of routes) {
        const urls = [hostilePath(route), route.path.replace(/:(\w+)/g, 'probe-$1')];
        let refused = false;
        for (const [index, url] of urls.entries()) {
          // a route without parameters has one URL: once refused (nothing written), the same call
          // again would meet the same store; after an accepted one it is sent again
          if (index === 1 && url === urls[0] && refused) continue;
          // what a call writes after answering (tracking records) is written before each digest
          await server.app.deps.background.settled();
          const before = known ?? await databaseDigest(server.app.deps.store);
          known = null;
          const answer = await send(owner, route.method, url);
          await server.app.deps.background.settled();
          const name = `${route.method} ${url} → ${answer.status}`;
          if (answer.status >= 500) problems.push(`${name}: ${answer.text.slice(0, 120)}`);
          refused = answer.status >= 400;
          if (!refused) continue;
          if (url.startsWith('/api/')) {
            const message = (answer.body as { message?: unknown } | null)?.message;
            if (typeof message !== 'string' || message.trim() === '') problems.push(`${name}: no JSON message (${answer.text.slice(0, 80)})`);
          }
          const after = await databaseDigest(server.app.deps.store);
          const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
          if (changed.length > 0) problems.push(`${name}: refused but wrote ${changed.join(', ')}`);
          known = after;
        }
      }
      expect(problems).toEqual([]);
      await expect(server.app.deps.store.get('SELECT COUNT(*) AS n FROM site_users'), 'the table survived').resolves.toBeDefined();
    }, 120_000);
  }
});
