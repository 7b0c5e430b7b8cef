/**
 * DATABASE_READONLY=true on either engine: the store made and filled the ordinary way is served
 * again read-only, and every change is refused the same way (503, the same message, nothing
 * written). On SQLite the file is opened read-only; on PostgreSQL every pooled connection's
 * transactions are read-only. (The SQLite file's own read-only faults: hardening/database-faults*.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageFault } from '../../server/db/storage-fault.ts';
import { serverMessages } from '../../server/messages.ts';
import { OWNER_EMAIL } from '../../server/security/owner-account.ts';
import { rowCounts } from './hardening/database-snapshot.ts';
import { seededProduct, seededVariant } from './helpers/fixtures.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { Visitor } from './helpers/visitor.ts';

const shirt = seededProduct('linen-shirt');
const giftCard = seededProduct('gift-card');
const variant = seededVariant('linen-shirt', (v) => v.qtyInStock === 12);
const OWNER_PASSWORD = 'read-only owner password';
/** What a refusal must not show: a stack, SQLite's code or message, PostgreSQL's SQLSTATE or message. */
const STACK_OR_CODE = /SQLITE_|at .+\.ts:\d+|readonly database|read-only transaction|25006/i;

describe('a store served read-only (DATABASE_READONLY=true)', () => {
  let server: RunningServer;

  beforeAll(async () => {
    const writable = await startServer({ ownerPassword: OWNER_PASSWORD });
    const shopper = await new Visitor(writable.url).start();
    expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: shirt.id, sku: variant.sku, quantity: 1 })).status).toBe(200);
    await writable.stop();
    // the same file, or on the postgres run the same schema, served again read-only
    server = await startServer({ databasePath: writable.databasePath, readOnly: true });
  });
  afterAll(async () => {
    await server.stop(true);
  });

  it('serves pages and health', async () => {
    for (const path of ['/', '/shop', `/shop/p/${shirt.urlId}`, '/cart']) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(200);
    }
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it('refuses add-to-cart, a newsletter sign-up and a sign-in with 503 and the same message, and writes nothing', async () => {
    const v = await new Visitor(server.url).start();
    const before = await rowCounts(server.app.deps.store);
    const calls: [string, unknown][] = [
      ['/api/commerce/shopping-cart/entries', { itemId: shirt.id, sku: variant.sku, quantity: 1 }],
      ['/api/newsletter/subscribe', { email: 'reader@example.com' }],
      ['/api/site-users/account/session', { email: OWNER_EMAIL, password: OWNER_PASSWORD }],
    ];
    for (const [path, body] of calls) {
      const answer = await v.post<{ message?: string }>(path, body);
      expect(answer.status, path).toBe(503);
      expect(answer.body.message, path).toBe(serverMessages.cannotSaveNow);
      expect(answer.text, path).not.toMatch(STACK_OR_CODE);
    }
    expect(await rowCounts(server.app.deps.store)).toEqual(before);
  });

  it('answers a page post that writes (a gift card checkout) with the 503 page that says the store cannot save', async () => {
    const v = await new Visitor(server.url).start();
    const before = await rowCounts(server.app.deps.store);
    const answer = await v.request('POST', '/checkout/gift-card', undefined, {
      form: { crumb: decodeURIComponent(v.crumb), itemId: giftCard.id, sku: giftCard.variants[0]!.sku },
    });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('content-type') ?? '').toContain('text/html');
    expect(answer.text).toContain(serverMessages.cannotSaveNow);
    expect(answer.text).not.toMatch(STACK_OR_CODE);
    expect(await rowCounts(server.app.deps.store)).toEqual(before);
  });

  it('refuses a write made on the store directly, in and out of a transaction', async () => {
    const { store } = server.app.deps;
    const before = await rowCounts(store);
    await expect(store.run('UPDATE site_users SET email = email')).rejects.toThrow();
    await expect(store.transaction((tx) => tx.run('UPDATE site_users SET email = email'))).rejects.toThrow();
    expect(await rowCounts(store)).toEqual(before);
  });
});

describe('PostgreSQL\'s refusal of a write in a read-only transaction (SQLSTATE 25006)', () => {
  it('is the storage fault of SQLite\'s read-only file: the same message and log line, not a 500', () => {
    const refusal = (code: string) => storageFault(Object.assign(new Error('refused'), { code }));
    const { code: _sqlite, ...sqlite } = refusal('SQLITE_READONLY')!;
    const { code, ...postgres } = refusal('25006')!;
    expect(code).toBe('25006');
    expect(postgres).toEqual(sqlite);
    expect(postgres.message).toBe(serverMessages.cannotSaveNow);
  });
});
