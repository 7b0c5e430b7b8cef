import { z } from 'zod';
import type { Json, PlatformData, StoredBlock } from './platform-data.ts';
import { keptByQuery, type QueryFacts } from './platform-query.ts';

/**
 * Site data for rendering a folder page without a store (`tmpl render DIR --site site.json`):
 * navigations by id, collections by urlId with their items, block fields by id.
 */
const siteDataSchema = z.object({
  navigations: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))).default({}),
  collections: z.record(z.string(), z.object({
    collection: z.record(z.string(), z.unknown()).default({}),
    items: z.array(z.record(z.string(), z.unknown())).default([]),
  })).default({}),
  blockFields: z.record(z.string(), z.array(z.object({ id: z.string(), type: z.enum(['html', 'text']), content: z.string() }))).default({}),
});

export type StaticSiteData = z.input<typeof siteDataSchema>;

export function parseStaticSiteData(value: unknown): { ok: true; data: PlatformData } | { ok: false; message: string } {
  const parsed = siteDataSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, message: `${issue.path.join('.') || '(root)'}: ${issue.message}` };
  }
  return { ok: true, data: staticPlatformData(parsed.data) };
}

/** What a query filters an item of the site file on: its `starred` mark, `categories` and `tags`. */
function itemFacts(item: Json): QueryFacts {
  return {
    featured: item.starred === true,
    categories: Array.isArray(item.categories) ? item.categories : [],
    tags: Array.isArray(item.tags) ? item.tags : [],
  };
}

function staticPlatformData(site: z.output<typeof siteDataSchema>): PlatformData {
  const itemsOf = (urlId: string): Json[] => site.collections[urlId]?.items ?? [];
  return {
    navigation: (id) => site.navigations[id],
    folderNavigation: () => null,
    collectionNames: () => Object.keys(site.collections),
    query(request) {
      const entry = site.collections[request.collection];
      if (entry === undefined) return null;
      return { collection: entry.collection, items: keptByQuery(entry.items, request, itemFacts) };
    },
    blockField: (id): StoredBlock[] => site.blockFields[id] ?? [],
    categories(urlId) {
      const names = new Set<string>();
      for (const item of itemsOf(urlId)) if (Array.isArray(item.categories)) for (const name of item.categories) if (typeof name === 'string') names.add(name);
      return [...names].sort();
    },
    related(request) {
      const entry = Object.values(site.collections).find((candidate) => candidate.collection.id === request.collectionId);
      const items = (entry?.items ?? []).filter((item) => item.id !== request.itemId);
      return request.limit === null ? items : items.slice(0, request.limit);
    },
  };
}
