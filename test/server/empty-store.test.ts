/**
 * SEED=empty: a real shop starts with the shop and its pages, and none of the demo's products or
 * posts, and the owner fills it from the admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productInput } from './admin/admin-helpers.ts';
import { startPlatformServer, type PlatformServer } from './helpers/platform-server.ts';

let server: PlatformServer;

beforeAll(async () => {
  server = await startPlatformServer({ seed: 'empty' });
});
afterAll(async () => {
  await server.stop(true);
});

describe('a store seeded empty', () => {
  it('serves its pages with no demo products or posts, and takes the owner\'s first product', async () => {
    const store = server.app.deps.store;
    expect(await store.get('SELECT COUNT(*) AS n FROM products')).toEqual({ n: 0 });
    expect(await store.get('SELECT COUNT(*) AS n FROM content_items')).toEqual({ n: 0 });
    for (const path of ['/', '/shop', '/search?q=mug']) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(200);
    }
    const owner = await server.signInOwner();
    const created = await owner.post('/api/admin/products', productInput({ title: 'First Teapot' }));
    expect(created.status, created.text).toBe(201);
    const shop = await (await fetch(`${server.url}/shop`)).text();
    expect(shop).toContain('First Teapot');
  });

  it('is what SEED=empty asks for; another value stops the start', async () => {
    const { readConfig } = await import('../../server/config.ts');
    expect(readConfig({ SEED: 'empty' }).options.seed).toBe('empty');
    expect(readConfig({ SEED: 'false' }).options.seed).toBe(false);
    expect(readConfig({}).options.seed).toBe(true);
    expect(() => readConfig({ SEED: 'blank' })).toThrow('SEED must be true, empty or false, got "blank"');
  });
});
