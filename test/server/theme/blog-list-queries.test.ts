/**
 * The lessons list through a template folder's blog templates, as a blog list on the platform: the
 * list queries (`?category=`, `?tag=`, `?author=`, `?month=`, `?offset=` and `reversePaginate`),
 * the page size of the .conf or the collection, the context shapes templates read, and the
 * lessons' authors.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPageSize, listQueryOf, pageOfList } from '../../../server/pages/collection-list.ts';
import { inItemOrder, itemOrderOf } from '../../../server/pages/collection-order.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { REAL_TEMPLATES } from '../helpers/real-templates.ts';
import { writeTemplateFolder } from '../helpers/template-folder-on-disk.ts';

type Json = Record<string, any>;

const writeFolder = (files: Record<string, string>): string => writeTemplateFolder('blog-folder-', files);

const MARA = '6570a1b2c3d4e5f6a7b8a001';

/** The lessons' collection setting `pageSize` (the owner's choice), or none. */
async function setLessonsPageSize(server: RunningServer, pageSize: number | undefined): Promise<void> {
  const store = server.app.deps.store;
  const row = await store.get<{ data_json: string }>("SELECT data_json FROM collections WHERE url_id = 'lessons'");
  const data = JSON.parse(row!.data_json) as Json;
  if (pageSize === undefined) delete data.pageSize;
  else data.pageSize = pageSize;
  await store.run("UPDATE collections SET data_json = ? WHERE url_id = 'lessons'", [JSON.stringify(data)]);
}

describe('the lessons list through a folder\'s blog templates', () => {
  let server: RunningServer;
  let dir: string;
  const json = async (path: string): Promise<Json> => {
    const response = await fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}format=json`);
    expect(response.status, path).toBe(200);
    return await response.json() as Json;
  };
  const urlIds = (context: Json): string[] => (context.items as Json[]).map((item) => item.urlId);

  beforeAll(async () => {
    dir = writeFolder({
      'template.conf': JSON.stringify({ name: 'Blog', layouts: { default: { name: 'Default', regions: ['site'] } }, navigations: [] }),
      'site.region': '<html><head>{squarespace-headers}</head><body>{squarespace.main-content}{squarespace-footers}</body></html>',
      'collections/blog.conf': JSON.stringify({ title: 'Blog', ordering: 'chronological', pageSize: 2 }),
      'collections/blog.list': '{.section categoryFilter}<p class="filter">In {@}</p>{.end}'
        + '{.repeated section items}<article>{title} by {author.displayName}</article>{.end}'
        + '{.if pagination.nextPage}<a class="older" href="{pagination.nextPageUrl}">Older</a>{.end}'
        + '{.if pagination.prevPage}<a class="newer" href="{pagination.prevPageUrl}">Newer</a>{.end}',
      'collections/blog.item': '<h1>{item.title}</h1>{.section item}{.section author}<a class="author" href="{collection.fullUrl}?author={id}">{displayName}</a>{.end}{.end}',
    });
    server = await startServer({ templateDir: dir });
  });
  afterAll(async () => {
    await server.stop(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it('pages the list by the .conf\'s page size, older pages by the offset of the last item and newer ones back', async () => {
    const first = await json('/lessons');
    expect(urlIds(first)).toEqual(['indigo-basics', 'glazing-at-home']);
    const last = (first.items as Json[])[1]!;
    expect(first.pagination).toEqual({
      pageSize: 2,
      nextPage: true,
      nextPageOffset: last.addedOn,
      nextPageUrl: `/lessons?offset=${last.addedOn}`,
      prevPage: false,
    });
    const older = await json(first.pagination.nextPageUrl);
    expect(urlIds(older)).toEqual(['visible-mending']);
    const mending = (older.items as Json[])[0]!;
    expect(older.pagination).toMatchObject({ nextPage: false, prevPage: true, prevPageOffset: mending.addedOn });
    expect(older.pagination.prevPageUrl).toBe(`/lessons?offset=${mending.addedOn}&reversePaginate=true`);
    expect(urlIds(await json(older.pagination.prevPageUrl))).toEqual(['indigo-basics', 'glazing-at-home']);
    // the template's own links, as a reader follows them
    const html = await (await fetch(`${server.url}/lessons`)).text();
    expect(html).toContain(`<a class="older" href="/lessons?offset=${last.addedOn}">Older</a>`);
    expect(html).not.toContain('class="newer"');
  });

  it('takes the collection\'s own page size over the .conf\'s', async () => {
    await setLessonsPageSize(server, 1);
    try {
      const first = await json('/lessons');
      expect(urlIds(first)).toEqual(['indigo-basics']);
      expect(first.pagination).toMatchObject({ pageSize: 1, nextPage: true });
      expect(urlIds(await json(first.pagination.nextPageUrl))).toEqual(['glazing-at-home']);
    } finally {
      await setLessonsPageSize(server, undefined);
    }
  });

  it('filters by category, tag, author and month, naming the filter as the lessons spell it', async () => {
    const dyeing = await json('/lessons?category=dyeing');
    expect(urlIds(dyeing)).toEqual(['indigo-basics']);
    expect(dyeing.categoryFilter).toBe('Dyeing');
    expect(dyeing).not.toHaveProperty('pagination');
    expect(await (await fetch(`${server.url}/lessons?category=Dyeing`)).text()).toContain('<p class="filter">In Dyeing</p>');

    const beginner = await json('/lessons?tag=beginner');
    expect(urlIds(beginner)).toEqual(['indigo-basics', 'visible-mending']);
    expect(beginner.tagFilter).toBe('beginner');

    const mara = await json(`/lessons?author=${MARA}`);
    expect(urlIds(mara)).toEqual(['indigo-basics', 'visible-mending']);
    expect(mara.authorFilter).toBe(MARA);
    expect(mara.author).toMatchObject({ id: MARA, displayName: 'Mara Lind' });

    const all = await json('/lessons?tag=beginner&offset=0');
    expect(all.items).toEqual([]);
    // filters stay in force on the other pages
    expect(all.pagination.prevPageUrl).toMatch(/^\/lessons\?tag=beginner&offset=\d+&reversePaginate=true$/);

    const addedOn = (dyeing.items as Json[])[0]!.addedOn as number;
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit' }).formatToParts(new Date(addedOn));
    const month = `${parts.find((part) => part.type === 'month')!.value}-${parts.find((part) => part.type === 'year')!.value}`;
    expect(urlIds(await json(`/lessons?month=${month}&category=Dyeing`))).toEqual(['indigo-basics']);
    expect(urlIds(await json('/lessons?month=01-1999'))).toEqual([]);
  });

  it('shows an empty filtered list for a category, tag or author no lesson has, its name escaped', async () => {
    const unknown = await json('/lessons?category=%3Cb%3EPottery');
    expect(unknown.items).toEqual([]);
    expect(unknown.categoryFilter).toBe('&lt;b&gt;Pottery');
    const html = await (await fetch(`${server.url}/lessons?category=%3Cb%3EPottery`)).text();
    expect(html).toContain('<p class="filter">In &lt;b&gt;Pottery</p>');
    expect((await json('/lessons?tag=none')).items).toEqual([]);
    const nobody = await json('/lessons?author=nobody');
    expect(nobody.items).toEqual([]);
    expect(nobody).not.toHaveProperty('author');
  });

  it('answers every query value it cannot read with a page, never an error', async () => {
    for (const query of ['month=soon', 'month=13-2024', 'offset=abc', 'offset=-5', 'offset=1e3', 'offset=99999999999999999999', 'offset=9999999999999',
      'category=', 'tag[]=x', 'category=a&category=b', 'reversePaginate=true', 'offset=1&reversePaginate=true', `category=${'x'.repeat(5000)}`]) {
      const response = await fetch(`${server.url}/lessons?${query}`);
      expect(response.status, query).toBe(200);
    }
    // a date past every lesson is the first page; one before every lesson an empty page linking back
    expect(urlIds(await json('/lessons?offset=9999999999999'))).toEqual(['indigo-basics', 'glazing-at-home']);
    const past = await json('/lessons?offset=1');
    expect(past.items).toEqual([]);
    expect(past.pagination).toMatchObject({ nextPage: false, prevPage: true });
    // the newer page before it ends with the last lesson
    expect(urlIds(await json(past.pagination.prevPageUrl))).toEqual(['glazing-at-home', 'visible-mending']);
    expect(urlIds(await json('/lessons?month=soon'))).toEqual(['indigo-basics', 'glazing-at-home']);
  });

  it('gives each lesson its author, on the list, the lesson page and its neighbours', async () => {
    const list = await json('/lessons');
    expect((list.items as Json[])[0]).toMatchObject({
      authorId: MARA,
      author: { id: MARA, displayName: 'Mara Lind', firstName: 'Mara', lastName: 'Lind' },
      categories: ['Dyeing'],
      tags: ['indigo', 'beginner'],
    });
    const lesson = await json('/lessons/indigo-basics');
    expect(lesson.item.author.displayName).toBe('Mara Lind');
    expect(lesson.pagination.nextItem.author.displayName).toBe('Ines Okafor');
    const html = await (await fetch(`${server.url}/lessons/indigo-basics`)).text();
    expect(html).toContain(`<a class="author" href="/lessons?author=${MARA}">Mara Lind</a>`);
  });
});

const HOUR = 3_600_000;

/**
 * Dates that make the owner's order (Indigo Basics, Glazing at Home, Visible Mending) differ from
 * both date orders: Glazing at Home is the newest, Visible Mending the oldest, and Indigo Basics
 * (the one lesson open to visitors, whose page shows its neighbours) between them.
 */
async function dateLessons(server: RunningServer): Promise<void> {
  const now = Date.now();
  const store = server.app.deps.store;
  for (const [urlId, hoursAgo] of [['glazing-at-home', 0], ['indigo-basics', 1], ['visible-mending', 3]] as const) {
    await store.run('UPDATE content_items SET created_on = ? WHERE url_id = ?', [now - hoursAgo * HOUR, urlId]);
  }
}

describe('the order a folder\'s .conf gives the lessons', () => {
  const servers: Record<string, { server: RunningServer; dir: string }> = {};
  const json = async (ordering: string, path: string): Promise<Json> => {
    const response = await fetch(`${servers[ordering]!.server.url}${path}${path.includes('?') ? '&' : '?'}format=json`);
    expect(response.status, path).toBe(200);
    return await response.json() as Json;
  };
  const urlIds = (context: Json): string[] => (context.items as Json[]).map((item) => item.urlId);
  const neighbours = (context: Json): [string | undefined, string | undefined] => [context.pagination?.prevItem?.urlId, context.pagination?.nextItem?.urlId];

  beforeAll(async () => {
    await Promise.all(['chronological', 'calendar', 'user-orderable'].map(async (ordering) => {
      const dir = writeFolder({
        'template.conf': JSON.stringify({ name: 'Blog', layouts: { default: { name: 'Default', regions: ['site'] } }, navigations: [] }),
        'site.region': '<html><head>{squarespace-headers}</head><body>{squarespace.main-content}{squarespace-footers}</body></html>',
        'collections/blog.conf': JSON.stringify({ title: 'Blog', ordering, pageSize: 2 }),
        'collections/blog.list': '{.repeated section items}<article>{title}</article>{.end}',
        'collections/blog.item': '<h1>{item.title}</h1>{.section pagination}{.section prevItem}<a class="prev" href="{fullUrl}">{title}</a>{.end}{.end}'
          + '<squarespace:query collection="lessons" limit="1">{.repeated section items}<p class="first">{title}</p>{.end}</squarespace:query>',
      });
      const server = await startServer({ templateDir: dir });
      await dateLessons(server);
      servers[ordering] = { server, dir };
    }));
  });
  afterAll(async () => {
    await Promise.all(Object.values(servers).map(async ({ server, dir }) => {
      await server.stop(true);
      rmSync(dir, { recursive: true, force: true });
    }));
  });

  it('lists a chronological collection newest first, its older page after the offset and its item neighbours in that order', async () => {
    const first = await json('chronological', '/lessons');
    expect(urlIds(first)).toEqual(['glazing-at-home', 'indigo-basics']);
    const older = await json('chronological', first.pagination.nextPageUrl);
    expect(urlIds(older)).toEqual(['visible-mending']);
    expect(urlIds(await json('chronological', older.pagination.prevPageUrl))).toEqual(['glazing-at-home', 'indigo-basics']);
    // the newer item before, the older after, as the list shows them
    expect(neighbours(await json('chronological', '/lessons/indigo-basics'))).toEqual(['glazing-at-home', 'visible-mending']);
    const html = await (await fetch(`${servers.chronological!.server.url}/lessons/indigo-basics`)).text();
    expect(html).toContain('<a class="prev" href="/lessons/glazing-at-home">Glazing at Home</a>');
    // a query of the collection gives its items in the same order: the newest
    expect(html).toContain('<p class="first">Glazing at Home</p>');
  });

  it('lists a calendar collection earliest first, placing a date no lesson has in that order', async () => {
    const first = await json('calendar', '/lessons');
    expect(urlIds(first)).toEqual(['visible-mending', 'indigo-basics']);
    const later = await json('calendar', first.pagination.nextPageUrl);
    expect(urlIds(later)).toEqual(['glazing-at-home']);
    expect(urlIds(await json('calendar', later.pagination.prevPageUrl))).toEqual(['visible-mending', 'indigo-basics']);
    expect(neighbours(await json('calendar', '/lessons/indigo-basics'))).toEqual(['visible-mending', 'glazing-at-home']);
    // half an hour before Glazing at Home, after Indigo Basics: the page after it is Glazing at Home
    const between = (later.items as Json[])[0]!.addedOn - HOUR / 2;
    expect(urlIds(await json('calendar', `/lessons?offset=${between}`))).toEqual(['glazing-at-home']);
    expect(urlIds(await json('calendar', `/lessons?offset=${between}&reversePaginate=true`))).toEqual(['visible-mending', 'indigo-basics']);
    // a date before every lesson: an empty page before the first that leads on to it
    const before = await json('calendar', '/lessons?offset=1&reversePaginate=true');
    expect(before.items).toEqual([]);
    expect(urlIds(await json('calendar', before.pagination.nextPageUrl))).toEqual(['visible-mending', 'indigo-basics']);
  });

  it('keeps the owner\'s order for a user-orderable collection', async () => {
    expect(urlIds(await json('user-orderable', '/lessons'))).toEqual(['indigo-basics', 'glazing-at-home']);
    expect(neighbours(await json('user-orderable', '/lessons/indigo-basics'))).toEqual([undefined, 'glazing-at-home']);
    expect(await (await fetch(`${servers['user-orderable']!.server.url}/lessons/indigo-basics`)).text()).toContain('<p class="first">Indigo Basics</p>');
  });
});

describe('the lessons list of the project\'s own theme', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.stop(true);
  });

  it('links its older and newer pages when the lessons take more than one', async () => {
    const html = await (await fetch(`${server.url}/lessons`)).text();
    expect(html).toContain('Visible Mending');
    expect(html).not.toContain('Older lessons');
    await setLessonsPageSize(server, 2);
    const first = await (await fetch(`${server.url}/lessons`)).text();
    expect(first).not.toContain('Visible Mending');
    const older = /<a class="shop-pagination__next" rel="next" href="([^"]+)">Older lessons<\/a>/.exec(first);
    expect(older).not.toBeNull();
    const second = await (await fetch(server.url + older![1]!.replaceAll('&amp;', '&'))).text();
    expect(second).toContain('Visible Mending');
    expect(second).toContain('Newer lessons');
  });
});

describe('a collection\'s item order', () => {
  it('reads the .conf\'s ordering: chronological newest first, calendar earliest first, anything else the owner\'s', () => {
    expect(itemOrderOf({ ordering: 'chronological' })).toBe('newest-first');
    expect(itemOrderOf({ ordering: 'calendar' })).toBe('oldest-first');
    for (const conf of [{ ordering: 'user-orderable' }, { ordering: 'music-album' }, {}, null]) expect(itemOrderOf(conf)).toBe('owner');
    const items = [{ id: 'a', at: 2 }, { id: 'b', at: 3 }, { id: 'c', at: 1 }, { id: 'd', at: 3 }];
    const ids = (order: Parameters<typeof inItemOrder>[1]): string[] => inItemOrder(items, order, (item) => item.at).map((item) => item.id);
    expect(ids('owner')).toEqual(['a', 'b', 'c', 'd']);
    // items of one date keep the owner's order
    expect(ids('newest-first')).toEqual(['b', 'd', 'a', 'c']);
    expect(ids('oldest-first')).toEqual(['c', 'a', 'b', 'd']);
  });

  it('pages a list that is the oldest first by the dates of its order', () => {
    const items = [1, 2, 3, 4, 5].map((day) => ({ addedOn: day * 1000, categories: [], tags: [] }));
    const dates = (query: Record<string, string>): number[] => pageOfList(items, listQueryOf(query), 2, '/events', 'oldest-first').items.map((item) => item.addedOn);
    expect(dates({ offset: '2000' })).toEqual([3000, 4000]);
    expect(dates({ offset: '2500' })).toEqual([3000, 4000]);
    expect(dates({ offset: '2500', reversePaginate: 'true' })).toEqual([1000, 2000]);
    // past the last item: an empty page whose newer link leads to the last page
    const after = pageOfList(items, listQueryOf({ offset: '9000' }), 2, '/events', 'oldest-first');
    expect(after.items).toEqual([]);
    expect(dates({ offset: String(after.pagination!.prevPageOffset), reversePaginate: 'true' })).toEqual([4000, 5000]);
  });
});

describe('list paging and page size', () => {
  const items = [5, 4, 3, 2, 1].map((day) => ({ addedOn: day * 1000, categories: [], tags: [] }));

  it('takes the .conf\'s page size when it forces it, else the collection\'s, else the .conf\'s, else 20', () => {
    expect(listPageSize(undefined, null)).toBe(20);
    expect(listPageSize(undefined, { pageSize: 24 })).toBe(24);
    expect(listPageSize(6, { pageSize: 24 })).toBe(6);
    expect(listPageSize(6, { pageSize: 24, forcePageSize: true })).toBe(24);
    expect(listPageSize('6', { pageSize: 24 })).toBe(24);
    expect(listPageSize(0, null)).toBe(20);
  });

  it('reads an offset as a date and pages on from the item of that date', () => {
    const page = pageOfList(items, listQueryOf({ offset: '4000' }), 2, '/blog');
    expect(page.items.map((item) => item.addedOn)).toEqual([3000, 2000]);
    expect(page.pagination).toMatchObject({ nextPageOffset: 2000, prevPageOffset: 3000, nextPageUrl: '/blog?offset=2000', prevPageUrl: '/blog?offset=3000&reversePaginate=true' });
    expect(pageOfList(items, listQueryOf({ offset: '3000', reversePaginate: 'true' }), 2, '/blog').items.map((item) => item.addedOn)).toEqual([5000, 4000]);
    // a date between items (an item deleted since) reads the list as newest first
    expect(pageOfList(items, listQueryOf({ offset: '3500' }), 2, '/blog').items.map((item) => item.addedOn)).toEqual([3000, 2000]);
    // a page before the first item links on to the first page
    const before = pageOfList(items, listQueryOf({ offset: '9000', reversePaginate: 'true' }), 2, '/blog');
    expect(before.items).toEqual([]);
    expect(pageOfList(items, listQueryOf({ offset: String(before.pagination!.nextPageOffset) }), 2, '/blog').items.map((item) => item.addedOn)).toEqual([5000, 4000]);
  });
});

const BASE_TEMPLATE = join(REAL_TEMPLATES, 'Squarespace+base-template');
const BUREAU = join(REAL_TEMPLATES, 'Squarespace+bureau-framework');

describe.skipIf(!existsSync(join(BASE_TEMPLATE, 'template.conf')) || !existsSync(join(BUREAU, 'template.conf')))('real blog templates on the lessons list', () => {
  let base: RunningServer;
  let bureau: RunningServer;
  beforeAll(async () => {
    [base, bureau] = await Promise.all([startServer({ templateDir: BASE_TEMPLATE }), startServer({ templateDir: BUREAU })]);
  });
  afterAll(async () => {
    await Promise.all([base.stop(true), bureau.stop(true)]);
  });

  it('shows the category and tag filtered by, and the Older and Newer links of the collection\'s pages', async () => {
    expect(await (await fetch(`${base.url}/lessons?category=Mending`)).text()).toContain('Filtered by Category: Mending');
    expect(await (await fetch(`${base.url}/lessons?tag=sashiko`)).text()).toContain('Filtered by Tag: sashiko');
    await setLessonsPageSize(base, 2);
    const first = await (await fetch(`${base.url}/lessons`)).text();
    const older = /<a href="(\/lessons\?offset=\d+)">Older<\/a>/.exec(first);
    expect(older).not.toBeNull();
    const second = await (await fetch(base.url + older![1]!)).text();
    expect(second).toContain('Visible Mending');
    expect(second).not.toContain('Indigo Basics');
    expect(second).toMatch(/<a href="\/lessons\?offset=\d+&reversePaginate=true">Newer<\/a>/);
  });

  it('prints the lesson\'s author where the template writes it, linked to the author\'s lessons', async () => {
    const lesson = await (await fetch(`${base.url}/lessons/indigo-basics`)).text();
    expect(lesson).toContain(`<a href="/lessons?author=${MARA}">Mara Lind</a>`);
    const byMara = await (await fetch(`${base.url}/lessons?author=${MARA}`)).text();
    expect(byMara).toContain('Filtered by Author: Mara Lind');
    const bureauList = await (await fetch(`${bureau.url}/lessons?author=${MARA}`)).text();
    expect(bureauList).toContain('All by Mara Lind');
  });

  it('shows related posts where the template\'s .conf asks for them: the lessons sharing a category or tag', async () => {
    const context = await (await fetch(`${bureau.url}/lessons/indigo-basics?format=json`)).json() as Json;
    expect(context.collection.features.relatedItems).toEqual({ isEnabled: true });
    const html = await (await fetch(`${bureau.url}/lessons/indigo-basics`)).text();
    expect(html).toContain('Related Posts');
    // Visible Mending shares the tag "beginner"; Glazing at Home shares nothing
    expect(html).toContain('data-item-title="Visible Mending"');
    expect(html).not.toContain('data-item-title="Glazing at Home"');
    const plain = await (await fetch(`${base.url}/lessons/indigo-basics?format=json`)).json() as Json;
    expect(plain.collection.features.relatedItems).toEqual({ isEnabled: false });
  });

  it('hides the platform\'s customer account links: the store has no customer accounts', async () => {
    const context = await (await fetch(`${bureau.url}/lessons?format=json`)).json() as Json;
    expect(context.websiteSettings.userAccountsSettings).toEqual({ loginAllowed: false, signupAllowed: false });
    expect(await (await fetch(`${bureau.url}/lessons`)).text()).not.toContain('user-account-link');
  });
});

describe.skipIf(!existsSync(join(BASE_TEMPLATE, 'template.conf')))('the base template\'s chronological blog', () => {
  let base: RunningServer;
  beforeAll(async () => {
    base = await startServer({ templateDir: BASE_TEMPLATE });
    await dateLessons(base);
  });
  afterAll(async () => {
    await base.stop(true);
  });

  it('links a lesson\'s Newer and Older neighbours by date, as its blog.conf orders the collection', async () => {
    const lesson = await (await fetch(`${base.url}/lessons/indigo-basics`)).text();
    expect(lesson).toMatch(/<a href="\/lessons\/glazing-at-home">Newer<\/a>/);
    expect(lesson).toMatch(/<a href="\/lessons\/visible-mending">Older<\/a>/);
    const list = await (await fetch(`${base.url}/lessons`)).text();
    expect(list.indexOf('Glazing at Home')).toBeGreaterThan(-1);
    expect(list.indexOf('Glazing at Home')).toBeLessThan(list.indexOf('Indigo Basics'));
    expect(list.indexOf('Indigo Basics')).toBeLessThan(list.indexOf('Visible Mending'));
  });
});
