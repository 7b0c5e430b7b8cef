import type { TemplateFolder } from './folder-loader.ts';
import type { Json } from './platform-data.ts';

/** `{collection.id}`, `{collection.urlId}`…: a block field id made per collection (doncab's `collection-header-{collection.id}`). */
const COLLECTION_VALUE = /\{collection\.([A-Za-z]+)\}/g;

/**
 * The block field ids a template folder's `<squarespace:block-field>` tags name, in the order its
 * files give them: an id written as is, and an id built from the collection's values once for each
 * of the store's collections. An id built from anything else is left out (the page decides it).
 */
export function blockFieldIds(folder: TemplateFolder, collections: readonly Json[]): string[] {
  const ids = new Set<string>();
  for (const tag of folder.tags.values()) {
    if (tag.kind !== 'block-field') continue;
    const id = tag.attributes.id ?? '';
    if (id === '') continue;
    if (!id.includes('{')) {
      ids.add(id);
      continue;
    }
    for (const collection of collections) {
      const made = id.replace(COLLECTION_VALUE, (_whole, key: string) => {
        const value = collection[key];
        return typeof value === 'string' || typeof value === 'number' ? String(value) : '{';
      });
      if (!made.includes('{')) ids.add(made);
    }
  }
  return [...ids];
}
