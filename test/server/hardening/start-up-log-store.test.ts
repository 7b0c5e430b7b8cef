/**
 * The start-up lines name the store as every other line of the operator's log does (storeAddress):
 * the SQLite file's full path, or PostgreSQL's host:port/database, never its URL, whose user
 * information may hold the password. So do the request lines of 503s, here those of a read-only
 * store refusing a change (an outage's: database-outage-log.test.ts).
 */
import { rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serverMessages } from '../../../server/messages.ts';
import { databaseAddress } from '../../../server/db/database-url.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { startMain, stopMain, type MainChild } from '../helpers/start-main.ts';
import { temporaryDatabasePath } from '../helpers/start-server.ts';
import { emptyTestDatabase, ON_POSTGRES, testDatabaseUrl } from '../helpers/test-database.ts';
import { Visitor } from '../helpers/visitor.ts';

const shirt = seededProduct('linen-shirt');
/** A password in the URL (the test server ignores it): no line may show it. */
const SECRET = 'StartUpPassw0rd';

const folders: string[] = [];
const children: MainChild[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The store of a test, and how the log should name it: PostgreSQL's URL with a password in it, else the file. */
async function testStore(): Promise<{ databasePath: string; env: Record<string, string>; named: string }> {
  const databasePath = temporaryDatabasePath();
  folders.push(dirname(databasePath));
  // a store no start has migrated yet: the first start says which migrations it applied
  await emptyTestDatabase(databasePath);
  const url = await testDatabaseUrl(databasePath);
  if (url === undefined) return { databasePath, env: {}, named: resolve(databasePath) };
  const withSecret = new URL(url);
  withSecret.username ||= 'shop';
  withSecret.password = SECRET;
  return { databasePath, env: { DATABASE_URL: withSecret.toString() }, named: databaseAddress(withSecret.toString()) };
}

describe(`the start-up lines of a store on ${ON_POSTGRES ? 'PostgreSQL' : 'SQLite'}`, () => {
  it('name it as the other lines do when migrations are applied and when it is opened read-only, and so do the 503s of a change refused', async () => {
    const { databasePath, env, named } = await testStore();
    const first = await startMain(databasePath, { ...env, NODE_ENV: 'production' });
    children.push(first.child);
    const applied = first.lines().filter((line) => String(line.msg).startsWith('applied migrations '));
    expect(applied).toHaveLength(1);
    expect(applied[0]).toMatchObject({ level: 30, database: named });
    expect(String(applied[0]!.msg).endsWith(` to ${named}`)).toBe(true);
    expect(first.output()).not.toContain(SECRET);
    expect(await stopMain(first)).toBe(0);

    const readOnly = await startMain(databasePath, { ...env, NODE_ENV: 'production', DATABASE_READONLY: 'true' });
    children.push(readOnly.child);
    expect(readOnly.lines().filter((line) => line.msg === serverMessages.readOnlyLog)).toEqual([expect.objectContaining({ level: 40, database: named })]);
    const visitor = await new Visitor(readOnly.url).start();
    const refused = await visitor.post('/api/commerce/shopping-cart/entries', { itemId: shirt.id, sku: shirt.variants[0]!.sku, quantity: 1 });
    expect(refused.status, refused.text).toBe(503);
    const requestLines = async () => readOnly.lines().filter((line) => line.status === 503 && 'responseTime' in line);
    for (let tries = 0; tries < 50 && (await requestLines()).length === 0; tries++) await new Promise((done) => setTimeout(done, 20));
    expect(await requestLines()).toEqual([expect.objectContaining({ level: 40, path: '/api/commerce/shopping-cart/entries', database: named })]);
    // a page served is not a 503: its line names no store
    expect((await fetch(`${readOnly.url}/shop`)).status).toBe(200);
    expect(readOnly.lines().filter((line) => line.status === 200 && 'database' in line)).toEqual([]);
    expect(readOnly.output()).not.toContain(SECRET);
    expect(await stopMain(readOnly)).toBe(0);
  }, 60_000);
});
