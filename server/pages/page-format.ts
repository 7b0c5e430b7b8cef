/**
 * What a page answers for its `?format=` value, as the platform answers it: the context the
 * template gets as JSON (`json`, `json-pretty`), the page's main content alone (`main-content`,
 * which templates that load pages in place ask for), or the context the page's scripts read
 * (`page-context`). Any other value, or none, gets the page itself, as on the platform.
 */
export type PageFormat = 'page' | 'json' | 'json-pretty' | 'main-content' | 'page-context';

const FORMATS: ReadonlySet<string> = new Set(['json', 'json-pretty', 'main-content', 'page-context']);

export function pageFormatOf(value: unknown): PageFormat {
  return typeof value === 'string' && FORMATS.has(value) ? (value as PageFormat) : 'page';
}
