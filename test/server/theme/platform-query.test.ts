/**
 * What a `<squarespace:query>` keeps, as the platform documents it: the filters, then `skip`,
 * then `limit`, within the platform's maximums; the same for `tmpl render --site` as for the store.
 */
import { describe, expect, it } from 'vitest';
import type { QueryRequest } from '../../../server/theme/platform-data.ts';
import { keptByQuery, QUERY_MAX_RESULTS } from '../../../server/theme/platform-query.ts';
import { parseStaticSiteData } from '../../../server/theme/static-platform-data.ts';

const ITEMS = Array.from({ length: 150 }, (_, index) => ({
  title: `item-${index}`,
  starred: index % 3 === 0,
  categories: index % 2 === 0 ? ['Even'] : ['Odd'],
  tags: index < 5 ? ['first'] : index >= 145 ? ['last'] : [],
}));

function request(extra: Partial<QueryRequest> = {}): QueryRequest {
  return { collection: 'shop', limit: QUERY_MAX_RESULTS, skip: 0, featured: false, categories: [], tags: [], ...extra };
}

function titlesOf(items: Array<Record<string, unknown>>): unknown[] {
  return items.map((item) => item.title);
}

describe('what a query keeps', () => {
  const site = parseStaticSiteData({ collections: { shop: { collection: { title: 'Shop' }, items: ITEMS } } });
  if (!site.ok) throw new Error(site.message);
  const query = (extra: Partial<QueryRequest>): unknown[] => titlesOf(site.data.query(request(extra))!.items);

  it('gives at most 100 items, whatever limit the request names', () => {
    expect(query({})).toEqual(titlesOf(ITEMS.slice(0, 100)));
    expect(query({ limit: 1000 })).toHaveLength(100);
    expect(query({ limit: 2 })).toEqual(['item-0', 'item-1']);
  });

  it('skips after the filters and before the limit, at most 10', () => {
    expect(query({ featured: true, skip: 2, limit: 2 })).toEqual(['item-6', 'item-9']);
    expect(query({ skip: 40, limit: 1 })).toEqual(['item-10']);
    // the 150 items less the ten skipped, within the 100 a query gives
    expect(query({ skip: 10 })).toEqual(titlesOf(ITEMS.slice(10, 110)));
  });

  it('keeps the items having any of the categories or tags named', () => {
    expect(query({ tags: ['first', 'last'] })).toEqual(['item-0', 'item-1', 'item-2', 'item-3', 'item-4', 'item-145', 'item-146', 'item-147', 'item-148', 'item-149']);
    expect(query({ categories: ['Odd', 'None'], tags: ['first'] })).toEqual(['item-1', 'item-3']);
    expect(query({ categories: ['None'] })).toEqual([]);
  });

  it('stops at the last item it keeps, without looking at the rest', () => {
    const looked: number[] = [];
    keptByQuery(ITEMS.map((_, index) => index), request({ skip: 3, limit: 2 }), (index) => (looked.push(index), { featured: false, categories: [], tags: [] }));
    expect(looked).toEqual([0, 1, 2, 3, 4]);
  });
});
