/** Store URL ids: derived from the title, falling back when the title gives too short an id. */
export const MIN_URL_ID_LENGTH = 3;
const MAX_URL_ID_LENGTH = 64;

/** Lower-case words joined by dashes, accents dropped, anything else removed. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_URL_ID_LENGTH)
    .replace(/-+$/, '');
}

export interface StoreNaming {
  title: string;
  urlId: string;
}

/**
 * The title and base url id of a new store: from the title, unless the title is empty or
 * shorter than 3 characters (or slugs to fewer), in which case the fallback title is used.
 */
export function storeNaming(title: string, fallbackTitle: string): StoreNaming {
  const trimmed = title.trim();
  const slug = slugify(trimmed);
  if (trimmed.length >= MIN_URL_ID_LENGTH && slug.length >= MIN_URL_ID_LENGTH) return { title: trimmed, urlId: slug };
  const fallback = fallbackTitle.trim();
  return { title: fallback, urlId: slugify(fallback) || 'store' };
}
