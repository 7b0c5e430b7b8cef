import type { TemplateFolder } from './folder-loader.ts';
import type { Json } from './platform-data.ts';

/** `{collection.id}`, `{collection.urlId}`…: a block field id made per collection (doncab's `collection-header-{collection.id}`). */
const COLLECTION_VALUE = /\{collection\.([A-Za-z]+)\}/g;

/** A block field a folder's templates name: its id, the tag's own `label` and, for an id made per collection, that collection's title. */
export interface TemplateBlockField {
  id: string;
  label: string | null;
  collectionTitle: string | null;
}

/**
 * The block fields a template folder's `<squarespace:block-field>` tags name, in the order its
 * files give them: an id written as is, and an id built from the collection's values once for each
 * of the store's collections. An id built from anything else is left out (the page decides it).
 */
export function blockFieldIds(folder: TemplateFolder, collections: readonly Json[]): TemplateBlockField[] {
  const fields = new Map<string, TemplateBlockField>();
  for (const tag of folder.tags.values()) {
    if (tag.kind !== 'block-field') continue;
    const id = tag.attributes.id ?? '';
    if (id === '') continue;
    const label = tag.attributes.label?.trim() || null;
    if (!id.includes('{')) {
      if (!fields.has(id)) fields.set(id, { id, label, collectionTitle: null });
      continue;
    }
    for (const collection of collections) {
      const made = id.replace(COLLECTION_VALUE, (_whole, key: string) => {
        const value = collection[key];
        return typeof value === 'string' || typeof value === 'number' ? String(value) : '{';
      });
      const title = typeof collection.title === 'string' ? collection.title : null;
      if (!made.includes('{') && !fields.has(made)) fields.set(made, { id: made, label, collectionTitle: title });
    }
  }
  return [...fields.values()];
}
