import type Database from 'better-sqlite3';

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
export function createStoreRepository(db: Database.Database) {
  const urlIdTaken = db.prepare<[string], { one: number }>('SELECT 1 AS one FROM collections WHERE url_id = ?');
  const insertCollection = db.prepare(
    `INSERT INTO collections (id, url_id, title, type_code, description, member_only, data_json)
     VALUES (?, ?, ?, 13, ?, 0, ?)`,
  );
  const rootOf = db.prepare<[string], { id: string }>(
    "SELECT id FROM product_categories WHERE collection_id = ? AND type = 'ROOT'",
  );
  const insertCategory = db.prepare(
    `INSERT INTO product_categories (id, collection_id, display_name, parent_category_id, type, page_rendering, display_index, created_on)
     VALUES (@id, @collectionId, @displayName, NULL, 'ROOT', @pageRendering, @displayIndex, @createdOn)`,
  );

  /** First free url id among base, base-1, base-2 … (checked and inserted in one transaction). */
  const insertWithFreeUrlId = db.transaction(
    (collection: Omit<NewStoreCollection, 'urlId'> & { baseUrlId: string }, reserved: ReadonlySet<string>): string => {
      let urlId = collection.baseUrlId;
      for (let suffix = 1; reserved.has(urlId) || urlIdTaken.get(urlId); suffix += 1) {
        urlId = `${collection.baseUrlId}-${suffix}`;
      }
      insertCollection.run(
        collection.id,
        urlId,
        collection.title,
        collection.description,
        JSON.stringify({ navigationTitle: collection.navigationTitle, enabled: collection.enabled }),
      );
      return urlId;
    },
  );

  /** Adds the root category unless the collection already has one; false when it does. */
  const insertRootOnce = db.transaction((category: NewRootCategory): boolean => {
    if (rootOf.get(category.collectionId)) return false;
    insertCategory.run(category);
    return true;
  });

  return {
    /** Inserts a products collection under the first free url id; returns the id used. */
    createStoreCollection(
      collection: Omit<NewStoreCollection, 'urlId'> & { baseUrlId: string },
      reserved: ReadonlySet<string>,
    ): string {
      return insertWithFreeUrlId(collection, reserved);
    },
    createRootCategory(category: NewRootCategory): boolean {
      return insertRootOnce(category);
    },
  };
}

export type StoreRepository = ReturnType<typeof createStoreRepository>;
