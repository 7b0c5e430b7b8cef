/**
 * What a `<squarespace:query>` keeps, as the platform documents it: the featured, category and
 * tag filters, then `skip`, then `limit`, with the platform's hard limits — at most 100 results a
 * query, `skip` at most 10, and eight queries a page. A store answers every query within these,
 * so a page never reads more than it can show, however large the shop.
 */
import type { QueryRequest } from './platform-data.ts';

/** The most results one query gives, with or without `limit`. */
export const QUERY_MAX_RESULTS = 100;
/** The most items `skip` passes over. */
export const QUERY_MAX_SKIP = 10;
/** The most queries one page runs; those after render nothing. */
export const QUERIES_PER_PAGE = 8;

/**
 * The window of a query's attributes, as numbers written in them (`limit="3"`): a value that is
 * no number counts as unwritten (no limit, no skip), and one past the platform's maximum as that maximum.
 */
export function queryWindow(limit: number | null, skip: number | null): { limit: number; skip: number } {
  return {
    limit: Math.min(limit ?? QUERY_MAX_RESULTS, QUERY_MAX_RESULTS),
    skip: Math.min(skip ?? 0, QUERY_MAX_SKIP),
  };
}

/** The names of a comma-delimited `category` or `tag` attribute (`"Linen, Gifts"`); none when unwritten. */
export function queryNames(value: string | null): string[] {
  if (value === null) return [];
  return value.split(',').map((name) => name.trim()).filter((name) => name !== '');
}

/** What a query filters an entry on: its featured mark, categories and tags. */
export interface QueryFacts {
  featured: boolean;
  categories: readonly unknown[];
  tags: readonly unknown[];
}

/**
 * The entries a query keeps, in their order: those featured when asked, having any of the
 * categories named and any of the tags named; then `skip` of them passed over and at most `limit`
 * kept (both bounded again here, whoever built the request).
 */
export function keptByQuery<T>(entries: readonly T[], request: QueryRequest, factsOf: (entry: T) => QueryFacts): T[] {
  const { limit, skip } = queryWindow(request.limit, request.skip);
  const kept: T[] = [];
  let skipped = 0;
  for (const entry of entries) {
    if (kept.length >= limit) break;
    const facts = factsOf(entry);
    const matches = (!request.featured || facts.featured)
      && (request.categories.length === 0 || request.categories.some((name) => facts.categories.includes(name)))
      && (request.tags.length === 0 || request.tags.some((name) => facts.tags.includes(name)));
    if (!matches) continue;
    if (skipped < skip) skipped += 1;
    else kept.push(entry);
  }
  return kept;
}
