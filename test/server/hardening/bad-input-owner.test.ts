import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillMessage, serverMessages } from '../../../server/messages.ts';
import { platformMessages } from '../../../server/platform-messages.ts';
import { SiteRepository } from '../../../server/db/site-repository.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { asStored, expectRefused, HOSTILE_TEXT, NOT_AN_OBJECT, tenMegabyteJson } from '../helpers/refusal.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';

const PREFERENCES = '/api/v1/commerce-preferences/:namespace';
const HEADER_FOOTER = '/api/site-header-footer';
const LANGUAGES = '/api/multilingual/languages';
const CONNECTION = '/api/multilingual/connection';
const PRODUCTS = '/api/content-service/product/1.1/websites/:websiteId/products';
const CATEGORIES = '/api/content-service/product/1.1/websites/:websiteId/products/:collectionId/categories';
const NAVIGATION = '/api/widget/UpdateNavigation';

const PRODUCTS_COLLECTION_TYPE = 13;

let server: PlatformServer;
let owner: SiteUserVisitor;
let websiteId: string;
beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
  websiteId = await new SiteRepository(server.app.deps.store).websiteId();
});
afterAll(async () => {
  await server.stop(true);
});

const db = () => server.app.deps.store;
/** What a refusal leaves as it was: the store, once the app's background work is done (a wait for it, not a sleep). */
const app = () => server.app.deps;
const preferencesUrl = (namespace: string) => PREFERENCES.replace(':namespace', encodeURIComponent(namespace));
const productsUrl = (site = websiteId) => PRODUCTS.replace(':websiteId', encodeURIComponent(site));
const categoriesUrl = (collectionId: string, site = websiteId) =>
  CATEGORIES.replace(':websiteId', encodeURIComponent(site)).replace(':collectionId', encodeURIComponent(collectionId));
const collectionOfType = async (wanted: (type: number) => boolean) =>
  (await db().all<{ id: string; typeCode: number }>('SELECT id, type_code AS "typeCode" FROM collections ORDER BY rowid')).find((c) => wanted(c.typeCode))?.id ?? '';

/** Malformed JSON, a 10 MB body and the bodies that are not an object, on one owner call. */
async function refusesUnreadableBodies(method: string, url: string, options: { notAnObject?: boolean } = {}): Promise<void> {
  await expectRefused(app(), () => owner.request(method, url, '{"header": '), { status: 400, message: serverMessages.malformedJson });
  await expectRefused(app(), () => owner.request(method, url, tenMegabyteJson()), { status: 413, message: serverMessages.bodyTooLarge });
  if (options.notAnObject === false) return;
  for (const [, body] of NOT_AN_OBJECT) await expectRefused(app(), () => owner.request(method, url, body), { status: 400 });
}

describe(`PUT ${PREFERENCES} and GET`, () => {
  it('refuses unreadable bodies', async () => {
    await refusesUnreadableBodies('PUT', preferencesUrl('checkout'));
  });

  it('names a namespace that is not a namespace, on reads and writes', async () => {
    for (const namespace of [HOSTILE_TEXT.sql, 'a/b', 'x'.repeat(65), HOSTILE_TEXT.controlAndUnicode]) {
      await expectRefused(app(), () => owner.put(preferencesUrl(namespace), { a: 1 }), { status: 400, message: /^namespace: / });
      await expectRefused(app(), () => owner.get(preferencesUrl(namespace)), { status: 400, message: /^namespace: / });
    }
  });

  it('refuses too many keys or a key that is too long and leaves the stored preferences unchanged', async () => {
    expect((await owner.put(preferencesUrl('checkout'), { tipping: true })).status).toBe(200);
    const tooMany = Object.fromEntries(Array.from({ length: 201 }, (_, index) => [`k${index}`, index]));
    await expectRefused(app(), () => owner.put(preferencesUrl('checkout'), tooMany), { status: 400, message: /200 keys/ });
    await expectRefused(app(), () => owner.put(preferencesUrl('checkout'), { ['k'.repeat(129)]: 1 }), { status: 400 });
    expect((await owner.get(preferencesUrl('checkout'))).body).toEqual({ tipping: true });
  });

  it('stores SQL metacharacters, control characters and unicode verbatim', async () => {
    const hostile = { [HOSTILE_TEXT.sql]: HOSTILE_TEXT.controlAndUnicode, note: HOSTILE_TEXT.rightToLeft };
    expect((await owner.put(preferencesUrl('hostile'), hostile)).status).toBe(200);
    expect((await owner.get(preferencesUrl('hostile'))).body).toEqual(hostile);
  });
});

describe(`PUT ${HEADER_FOOTER}`, () => {
  it('refuses unreadable bodies', async () => {
    await refusesUnreadableBodies('PUT', HEADER_FOOTER);
  });

  it('names a missing or mistyped header or footer and keeps the stored one', async () => {
    const stored = { header: { layout: 'centered' }, footer: { note: HOSTILE_TEXT.sql } };
    expect((await owner.put(HEADER_FOOTER, stored)).status).toBe(200);
    for (const [body, field] of [
      [{ footer: {} }, 'header'], [{ header: {} }, 'footer'], [{ header: 'centered', footer: {} }, 'header'],
      [{ header: {}, footer: [1, 2] }, 'footer'], [{ header: null, footer: {} }, 'header'],
    ] as const) {
      await expectRefused(app(), () => owner.put(HEADER_FOOTER, body), { status: 400, message: new RegExp(`^${field}\\b`) });
    }
    expect((await owner.get(HEADER_FOOTER)).body).toEqual({ data: stored });
  });
});

describe(`PUT ${LANGUAGES}`, () => {
  it('refuses unreadable bodies', async () => {
    await refusesUnreadableBodies('PUT', LANGUAGES);
  });

  it('names missing, mistyped, malformed, repeated or too many languages and keeps the stored list', async () => {
    expect((await owner.put(LANGUAGES, { languages: ['fr'] })).status).toBe(200);
    const tooMany = Array.from({ length: 51 }, (_, index) => `l${String.fromCharCode(97 + (index % 26))}${String.fromCharCode(97 + Math.floor(index / 26))}`);
    for (const languages of [undefined, 'fr', [42], ['FR'], ['fr', 'fr'], [HOSTILE_TEXT.sql], ['fr\u0000'], tooMany]) {
      await expectRefused(app(), () => owner.put(LANGUAGES, { languages }), { status: 400, message: /^languages\b/ });
    }
    expect((await owner.get(LANGUAGES)).body).toEqual({ languages: ['fr'] });
  });
});

describe(`DELETE ${CONNECTION}`, () => {
  it('refuses malformed JSON and a 10 MB body and stays connected', async () => {
    expect((await owner.put(LANGUAGES, { languages: ['de'] })).status).toBe(200);
    await refusesUnreadableBodies('DELETE', CONNECTION, { notAnObject: false });
    expect((await owner.get('/api/multilingual/status')).body).toEqual({ connected: true, languageCount: 1 });
  });
});

describe(`POST ${PRODUCTS}`, () => {
  it('refuses unreadable bodies', async () => {
    await refusesUnreadableBodies('POST', productsUrl());
  });

  it('answers 404 for an unknown website id, SQL metacharacters included', async () => {
    for (const site of ['no-such-site', HOSTILE_TEXT.sql]) {
      await expectRefused(app(), () => owner.post(productsUrl(site), { title: 'Shop' }), { status: 404, message: platformMessages.websiteMismatch });
    }
  });

  it('names mistyped or oversized fields', async () => {
    for (const [body, field] of [
      [{ title: 42 }, 'title'], [{ title: 'x'.repeat(201) }, 'title'], [{ enabled: false }, 'enabled'],
      [{ description: 'x'.repeat(10_001) }, 'description'], [{ fallbackTitle: '' }, 'fallbackTitle'], [{ urlId: ['a'] }, 'urlId'],
    ] as const) {
      await expectRefused(app(), () => owner.post(productsUrl(), body), { status: 400, message: new RegExp(`^${field}: `) });
    }
  });

  it('keeps a hostile title as text and derives a safe url id from it', async () => {
    const answer = await owner.post<{ id: string; title: string; urlId: string }>(productsUrl(), { title: `${HOSTILE_TEXT.sql} ${HOSTILE_TEXT.controlAndUnicode}` });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.urlId).toMatch(/^[a-z0-9-]+$/);
    expect((await db().get<{ title: string }>('SELECT title FROM collections WHERE id = ?', [answer.body.id]))?.title).toBe(asStored(answer.body.title));
    await expect(db().get('SELECT COUNT(*) AS n FROM site_users'), 'the table survived').resolves.toBeDefined();
  });
});

describe(`POST ${CATEGORIES}`, () => {
  const root = { displayName: 'All', type: 'ROOT', pageRendering: 'LIST_VIEW', displayIndex: 1 };

  it('refuses unreadable bodies', async () => {
    await refusesUnreadableBodies('POST', categoriesUrl(await collectionOfType((type) => type === PRODUCTS_COLLECTION_TYPE)));
  });

  it('answers 404 for an unknown website or collection id', async () => {
    const store = await collectionOfType((type) => type === PRODUCTS_COLLECTION_TYPE);
    await expectRefused(app(), () => owner.post(categoriesUrl(store, 'no-such-site'), root), { status: 404, message: platformMessages.websiteMismatch });
    for (const collectionId of ['no-such-collection', HOSTILE_TEXT.sql]) {
      await expectRefused(app(), () => owner.post(categoriesUrl(collectionId), root), { status: 404, message: platformMessages.collectionNotFound });
    }
  });

  it('refuses a collection that is not a store', async () => {
    const page = await collectionOfType((type) => type !== PRODUCTS_COLLECTION_TYPE);
    await expectRefused(app(), () => owner.post(categoriesUrl(page), root), { status: 400, message: platformMessages.notAStoreCollection });
  });

  it('names mistyped fields', async () => {
    const store = await collectionOfType((type) => type === PRODUCTS_COLLECTION_TYPE);
    for (const [body, field] of [
      [{ ...root, displayName: '' }, 'displayName'], [{ ...root, displayName: 'x'.repeat(26) }, 'displayName'],
      [{ ...root, displayName: 7 }, 'displayName'], [{ ...root, type: 'CATEGORY' }, 'type'],
      [{ ...root, pageRendering: 'GRID' }, 'pageRendering'], [{ ...root, displayIndex: 1.5 }, 'displayIndex'],
      [{ ...root, displayIndex: -1 }, 'displayIndex'], [{ ...root, parentCategoryId: 'x' }, 'parentCategoryId'],
    ] as const) {
      await expectRefused(app(), () => owner.post(categoriesUrl(store), body), { status: 400, message: new RegExp(`^${field}: `) });
    }
  });

  it('answers 409 to a second root category and writes nothing', async () => {
    const created = await owner.post<{ id: string }>(productsUrl(), { title: 'Second shop' });
    expect(created.status).toBe(201);
    expect((await owner.post(categoriesUrl(created.body.id), root)).status).toBe(201);
    await expectRefused(app(), () => owner.post(categoriesUrl(created.body.id), { ...root, displayName: HOSTILE_TEXT.sqlTautology }), {
      status: 409, message: platformMessages.rootCategoryExists,
    });
  });
});

describe(`POST ${NAVIGATION}`, () => {
  it('refuses unreadable bodies', async () => {
    await refusesUnreadableBodies('POST', NAVIGATION);
  });

  it('names a missing or mistyped navigation', async () => {
    for (const body of [{}, { navigation: [] }, { navigation: { items: 'all' } }, { navigation: { items: [{ collectionId: 5 }] } }, { navigation: { items: [{ externalLink: {} }] } }]) {
      await expectRefused(app(), () => owner.post(NAVIGATION, body), { status: 400, message: /^navigation\b/ });
    }
  });

  it('refuses too many or too deeply nested items', async () => {
    const tooMany = Array.from({ length: 201 }, () => ({ externalLink: 'https://example.com' }));
    await expectRefused(app(), () => owner.post(NAVIGATION, { navigation: { items: tooMany } }), { status: 400, message: /^navigation\.items: / });
    const deep = { items: [{ items: [{ items: [{ items: [{ externalLink: 'https://example.com' }] }] }] }] };
    await expectRefused(app(), () => owner.post(NAVIGATION, { navigation: deep }), { status: 400, message: /deeper than 3/ });
  });

  it('names an unknown collection id, SQL metacharacters included, and keeps the layout', async () => {
    for (const collectionId of ['no-such-collection', HOSTILE_TEXT.sql]) {
      await expectRefused(app(), () => owner.post(NAVIGATION, { navigation: { items: [{ collectionId }] } }), {
        status: 400, message: fillMessage(platformMessages.navigationCollectionMissing, { collectionId }),
      });
    }
  });
});
