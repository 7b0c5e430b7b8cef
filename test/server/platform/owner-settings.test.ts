import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../../server/messages.ts';
import { platformMessages } from '../../../server/platform-messages.ts';
import { CONTRIBUTOR_ROLES, ROLE_PERMISSIONS } from '../../../server/security/owner-permissions.ts';
import { OWNER_EMAIL } from '../../../server/security/owner-account.ts';
import { SiteRepository } from '../../../server/db/site-repository.ts';
import { addAccount, field, OWNER_PASSWORD, startServer, tempDatabasePath, Visitor, type RunningServer } from './harness.ts';

const PASSWORD = 'role password 123';

describe('owner settings calls', () => {
  let db: ReturnType<typeof tempDatabasePath>;
  let server: RunningServer;
  let websiteId: string;

  beforeAll(async () => {
    db = tempDatabasePath();
    server = await startServer(db.path);
    websiteId = await new SiteRepository(server.app.deps.store).websiteId();
    await addAccount(server, 'visitor@example.com', PASSWORD);
    await addAccount(server, 'viewer@example.com', PASSWORD, CONTRIBUTOR_ROLES.viewer);
    await addAccount(server, 'store@example.com', PASSWORD, CONTRIBUTOR_ROLES.storeManager);
    await addAccount(server, 'editor@example.com', PASSWORD, CONTRIBUTOR_ROLES.editor);
    await addAccount(server, 'commenter@example.com', PASSWORD, CONTRIBUTOR_ROLES.commenter);
  });
  afterAll(async () => {
    await server.stop();
    db.remove();
  });

  async function signedIn(email: string, password = PASSWORD): Promise<Visitor> {
    const visitor = new Visitor(server);
    const result = await visitor.signIn(email, password);
    expect(result.status).toBe(200);
    return visitor;
  }
  const owner = () => signedIn(OWNER_EMAIL, OWNER_PASSWORD);

  it('seeds an owner account that signs in with the configured password', async () => {
    expect(websiteId).not.toBe('');
    await owner();
  });

  describe('role checks', () => {
    const reads = ['/api/v1/commerce-preferences/checkout', '/api/site-header-footer', '/api/multilingual/settings',
      '/api/multilingual/status', '/api/multilingual/languages', '/api/commondata/GetSiteLayout'];

    it('anonymous calls get 401', async () => {
      const anonymous = new Visitor(server);
      for (const path of reads) {
        const result = await anonymous.call(path);
        expect(result.status, path).toBe(401);
        expect(field(result.body, 'message')).toBe(platformMessages.signInRequired);
      }
      expect((await anonymous.call('/api/site-header-footer', { method: 'PUT', json: { header: {}, footer: {} } })).status).toBe(401);
      expect((await anonymous.call('/api/multilingual/connection', { method: 'DELETE' })).status).toBe(401);
    });

    it('a visitor account and a role without owner rights get 403', async () => {
      for (const email of ['visitor@example.com', 'commenter@example.com']) {
        const visitor = await signedIn(email);
        for (const path of reads) {
          const result = await visitor.call(path);
          expect(result.status, `${email} ${path}`).toBe(403);
          expect(field(result.body, 'message')).toBe(platformMessages.permissionDenied);
        }
      }
    });

    it('a viewer reads but cannot write', async () => {
      const viewer = await signedIn('viewer@example.com');
      for (const path of reads) expect((await viewer.call(path)).status, path).toBe(200);
      expect((await viewer.call('/api/v1/commerce-preferences/checkout', { method: 'PUT', json: { a: 1 } })).status).toBe(403);
      expect((await viewer.call('/api/site-header-footer', { method: 'PUT', json: { header: {}, footer: {} } })).status).toBe(403);
      expect((await viewer.call('/api/multilingual/languages', { method: 'PUT', json: { languages: ['fr'] } })).status).toBe(403);
    });

    it('a store manager manages commerce preferences but not the header', async () => {
      const manager = await signedIn('store@example.com');
      expect((await manager.call('/api/v1/commerce-preferences/checkout', { method: 'PUT', json: { a: 1 } })).status).toBe(200);
      expect((await manager.call('/api/site-header-footer', { method: 'PUT', json: { header: {}, footer: {} } })).status).toBe(403);
    });

    it('an editor edits the header but not commerce preferences', async () => {
      const editor = await signedIn('editor@example.com');
      expect((await editor.call('/api/site-header-footer', { method: 'PUT', json: { header: { a: 1 }, footer: {} } })).status).toBe(200);
      expect((await editor.call('/api/v1/commerce-preferences/checkout', { method: 'PUT', json: { a: 1 } })).status).toBe(403);
    });

    it('admin holds every permission, website manager every one but managing the staff; none holds nothing', () => {
      expect(ROLE_PERMISSIONS[CONTRIBUTOR_ROLES.admin]).toHaveLength(12);
      expect(ROLE_PERMISSIONS[CONTRIBUTOR_ROLES.websiteManager]).toEqual(ROLE_PERMISSIONS[CONTRIBUTOR_ROLES.admin]!.filter((permission) => permission !== 'staff.manage'));
      expect(ROLE_PERMISSIONS[CONTRIBUTOR_ROLES.none]).toHaveLength(0);
    });

    it('a write without the X-SiteUser-XSRF-Token is refused even for the admin', async () => {
      const admin = await owner();
      const result = await admin.call('/api/site-header-footer', {
        method: 'PUT', json: { header: {}, footer: {} }, headers: { 'x-siteuser-xsrf-token': '' },
      });
      expect(result.status).toBe(403);
      expect(field(result.body, 'message')).toBe(platformMessages.xsrfMismatch);
    });

    it('a write without the crumb answers crumbFail', async () => {
      const admin = await owner();
      const result = await admin.call('/api/site-header-footer', { method: 'PUT', json: { header: {}, footer: {} }, withoutCrumb: true });
      expect(result.status).toBe(403);
      expect(result.body).toEqual({ crumbFail: true, message: serverMessages.crumbFail });
    });
  });

  describe('commerce preferences', () => {
    it('stores per namespace and strips websiteId on read', async () => {
      const admin = await owner();
      const put = await admin.call('/api/v1/commerce-preferences/checkout', {
        method: 'PUT', json: { expressCheckout: true, websiteId: 'someone-else', note: 'x' },
      });
      expect(put.status).toBe(200);
      const stored = (await server.app.deps.store.get<{ data_json: string }>('SELECT data_json FROM commerce_preferences WHERE namespace = ?', ['checkout']))!;
      expect(JSON.parse(stored.data_json).websiteId).toBe(websiteId);
      const read = await admin.call('/api/v1/commerce-preferences/checkout');
      expect(read.body).toEqual({ expressCheckout: true, note: 'x' });
      expect((await admin.call('/api/v1/commerce-preferences/never-written')).body).toEqual({});
    });

    it('rejects a bad namespace and a non-object body', async () => {
      const admin = await owner();
      expect((await admin.call('/api/v1/commerce-preferences/bad%20name')).status).toBe(400);
      const array = await admin.call('/api/v1/commerce-preferences/checkout', { method: 'PUT', json: [1, 2] });
      expect(array.status).toBe(400);
    });
  });

  describe('header and footer', () => {
    it('reads defaults, writes and reads back', async () => {
      const admin = await owner();
      const put = await admin.call('/api/site-header-footer', { method: 'PUT', json: { header: { layout: 'centered' }, footer: { text: 'hi' } } });
      expect(put.status).toBe(200);
      const read = await admin.call('/api/site-header-footer');
      expect(read.body).toEqual({ data: { header: { layout: 'centered' }, footer: { text: 'hi' } } });
    });

    it('requires both header and footer objects', async () => {
      const admin = await owner();
      const result = await admin.call('/api/site-header-footer', { method: 'PUT', json: { header: {} } });
      expect(result.status).toBe(400);
      expect(String(field(result.body, 'message'))).toContain('footer');
    });
  });

  describe('multilingual', () => {
    it('sets languages, reports status and disconnects', async () => {
      const admin = await owner();
      const put = await admin.call('/api/multilingual/languages', { method: 'PUT', json: { languages: ['fr', 'pt-BR'] } });
      expect(put.status).toBe(200);
      expect((await admin.call('/api/multilingual/languages')).body).toEqual({ languages: ['fr', 'pt-BR'] });
      expect((await admin.call('/api/multilingual/status')).body).toEqual({ connected: true, languageCount: 2 });
      expect(field((await admin.call('/api/multilingual/settings')).body, 'defaultLanguage')).toBeTypeOf('string');
      const removed = await admin.call('/api/multilingual/connection', { method: 'DELETE' });
      expect(removed.status).toBe(200);
      expect((await admin.call('/api/multilingual/status')).body).toEqual({ connected: false, languageCount: 0 });
    });

    it('rejects repeated or malformed languages', async () => {
      const admin = await owner();
      expect((await admin.call('/api/multilingual/languages', { method: 'PUT', json: { languages: ['fr', 'fr'] } })).status).toBe(400);
      expect((await admin.call('/api/multilingual/languages', { method: 'PUT', json: { languages: ['French!'] } })).status).toBe(400);
    });
  });
});

describe('store creation and navigation', () => {
  let db: ReturnType<typeof tempDatabasePath>;
  let server: RunningServer;
  let websiteId: string;

  afterEach(async () => {
    await server.stop();
    db.remove();
  });

  async function start(): Promise<Visitor> {
    db = tempDatabasePath();
    server = await startServer(db.path);
    websiteId = await new SiteRepository(server.app.deps.store).websiteId();
    const admin = new Visitor(server);
    await admin.signIn(OWNER_EMAIL, OWNER_PASSWORD);
    return admin;
  }
  const productsPath = () => `/api/content-service/product/1.1/websites/${websiteId}/products`;

  it('derives the url id from the title and suffixes -1, -2 on collision', async () => {
    const admin = await start();
    const payload = { navigationTitle: 'Ceramics', title: 'Ceramics Shop', description: '', enabled: true };
    const first = await admin.call(productsPath(), { json: payload });
    const second = await admin.call(productsPath(), { json: payload });
    const third = await admin.call(productsPath(), { json: payload });
    expect(first.status).toBe(201);
    expect([first, second, third].map((r) => field(r.body, 'urlId'))).toEqual(['ceramics-shop', 'ceramics-shop-1', 'ceramics-shop-2']);
    const row = (await server.app.deps.store.get<{ type_code: number; title: string }>('SELECT type_code, title FROM collections WHERE id = ?', [String(field(first.body, 'id'))]))!;
    expect(row).toEqual({ type_code: 13, title: 'Ceramics Shop' });
  });

  it('uses the fallback title when the title is empty or shorter than 3 characters', async () => {
    const admin = await start();
    const empty = await admin.call(productsPath(), { json: { title: '', navigationTitle: '', description: '', enabled: true, fallbackTitle: 'Online Store' } });
    expect(field(empty.body, 'urlId')).toBe('online-store');
    expect(field(empty.body, 'title')).toBe('Online Store');
    const short = await admin.call(productsPath(), { json: { title: 'ab', description: '', enabled: true } });
    expect(field(short.body, 'title')).toBe(platformMessages.fallbackStoreTitle);
    expect(field(short.body, 'urlId')).toBe('store');
  });

  it('does not take a url id the storefront already uses', async () => {
    const admin = await start();
    const shop = await admin.call(productsPath(), { json: { title: 'Shop', description: '', enabled: true } });
    expect(field(shop.body, 'urlId')).toBe('shop-1');
    const cart = await admin.call(productsPath(), { json: { title: 'Cart', description: '', enabled: true } });
    expect(field(cart.body, 'urlId')).toBe('cart-1');
  });

  it('answers 404 for another website, 400 for enabled false, 401/403 for the wrong caller', async () => {
    const admin = await start();
    expect((await admin.call('/api/content-service/product/1.1/websites/other/products', { json: { title: 'Store' } })).status).toBe(404);
    expect((await admin.call(productsPath(), { json: { title: 'Store', enabled: false } })).status).toBe(400);
    expect((await new Visitor(server).call(productsPath(), { json: { title: 'Store' } })).status).toBe(401);
    await addAccount(server, 'editor@example.com', PASSWORD, CONTRIBUTOR_ROLES.editor);
    const editor = new Visitor(server);
    await editor.signIn('editor@example.com', PASSWORD);
    expect((await editor.call(productsPath(), { json: { title: 'Store' } })).status).toBe(403);
  });

  it('creates the root category once with the spec payload', async () => {
    const admin = await start();
    const store = await admin.call(productsPath(), { json: { title: 'Plants', description: '', enabled: true } });
    const path = `${productsPath()}/${field(store.body, 'id')}/categories`;
    const root = { displayName: 'All', parentCategoryId: '', type: 'ROOT', pageRendering: 'LIST_VIEW', displayIndex: 1 };
    const created = await admin.call(path, { json: root });
    expect(created.status).toBe(201);
    expect(field(created.body, 'type')).toBe('ROOT');
    expect(field(created.body, 'parentCategoryId')).toBeNull();
    expect((await admin.call(path, { json: root })).status).toBe(409);
    const wrong = await admin.call(path, { json: { ...root, displayIndex: 2 } });
    expect(wrong.status).toBe(400);
    expect(String(field(wrong.body, 'message'))).toContain('displayIndex');
    expect((await admin.call(`${productsPath()}/nope/categories`, { json: root })).status).toBe(404);
  });

  it('reads the site layout and replaces the main navigation', async () => {
    const admin = await start();
    const layout = await admin.call('/api/commondata/GetSiteLayout');
    expect(layout.status).toBe(200);
    const links = field(layout.body, 'layout') as { links: { collectionId: string }[] }[];
    expect(links.length).toBeGreaterThan(0);
    const store = await admin.call(productsPath(), { json: { title: 'Plants', description: '', enabled: true } });
    const storeId = field(store.body, 'id') as string;
    const items = [...links[0].links.map((link) => ({ collectionId: link.collectionId })), { collectionId: storeId, externalLink: null, memberAreaId: null, items: [] }];
    const updated = await admin.call('/api/widget/UpdateNavigation', { json: { fieldName: 'mainNav', templateId: 't', navigation: { items } } });
    expect(updated.status).toBe(200);
    const after = field((await admin.call('/api/commondata/GetSiteLayout')).body, 'layout') as { links: { collectionId: string; url: string }[] }[];
    expect(after[0].links.at(-1)).toMatchObject({ collectionId: storeId, url: '/plants' });
    expect(after[0].links[0]).toMatchObject({ url: links[0].links[0] && (links[0].links[0] as { url?: string }).url });

    const unknown = await admin.call('/api/widget/UpdateNavigation', { json: { navigation: { items: [{ collectionId: 'missing' }] } } });
    expect(unknown.status).toBe(400);
  });

  it("answers 'Unable to find site main navigation' when the layout has no first entry", async () => {
    const admin = await start();
    await new SiteRepository(server.app.deps.store).writeSetting('siteLayout', { layout: [] });
    const result = await admin.call('/api/widget/UpdateNavigation', { json: { navigation: { items: [] } } });
    expect(result.status).toBe(404);
    expect(field(result.body, 'message')).toBe(platformMessages.mainNavigationMissing);
  });
});
