import { isUniqueViolation, type StoreSession } from './store.ts';

export interface NewStoreCollection {
  id: string;
  urlId: string;
  title: string;
  description: string;
  navigationTitle: string;
  enabled: boolean;
}

export interface NewRootCategory {
  id: string;
  collectionId: string;
  displayName: string;
  pageRendering: string;
  displayIndex: number;
  createdOn: number;
}

/** Products collections made by the store-creation calls (in the shared collections table) and their categories. */
export function createStoreRepository(store: StoreSession) {
  return {
    /**
     * Inserts a products collection under the first free url id among base, base-1, base-2 …
     * (checked and inserted in one transaction; a url id another process took meanwhile is
     * refused by its unique index, and the next one is tried); returns the id used.
     */
    async createStoreCollection(
      collection: Omit<NewStoreCollection, 'urlId'> & { baseUrlId: string },
      reserved: ReadonlySet<string>,
    ): Promise<string> {
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await store.transaction(async (tx) => {
            let urlId = collection.baseUrlId;
            for (let suffix = 1; reserved.has(urlId) || await tx.get('SELECT 1 AS one FROM collections WHERE url_id = ?', [urlId]); suffix += 1) {
              urlId = `${collection.baseUrlId}-${suffix}`;
            }
            await tx.run(
              `INSERT INTO collections (id, url_id, title, type_code, description, member_only, data_json)
               VALUES (?, ?, ?, 13, ?, 0, ?)`,
              [
                collection.id,
                urlId,
                collection.title,
                collection.description,
                JSON.stringify({ navigationTitle: collection.navigationTitle, enabled: collection.enabled }),
              ],
            );
            return urlId;
          });
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 3) throw error;
        }
      }
    },
    /** Adds the root category unless the collection already has one; false when it does. */
    async createRootCategory(category: NewRootCategory): Promise<boolean> {
      // One root per collection is the partial unique index's rule: a second insert (by any process) is refused.
      try {
        await store.run(
          `INSERT INTO product_categories (id, collection_id, display_name, parent_category_id, type, page_rendering, display_index, created_on)
           VALUES (?, ?, ?, NULL, 'ROOT', ?, ?, ?)`,
          [category.id, category.collectionId, category.displayName, category.pageRendering, category.displayIndex, category.createdOn],
        );
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
  };
}

export type StoreRepository = ReturnType<typeof createStoreRepository>;
