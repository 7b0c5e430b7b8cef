/**
 * The rows a bulk action of the product list writes (server/admin/product-bulk.ts): the ids a
 * filter keeps, the products locked before the first write, and their visibility or data written
 * a batch at a time. Every write moves each product's revision on, so an editor open on one of
 * them is refused a save over it (ProductChangedError) and loads the newer version; the triggers
 * of the products table move the content and catalogue versions, so the shop shows the change on
 * its next request.
 */
import { productListWhere, type AdminProductListFilter } from './admin-product-list.ts';
import { categoryTagSearchText } from './product-search-text.ts';
import { forUpdate, placeholders, type StoreSession } from './store.ts';

/** The most products one statement names (three parameters each where their data is written). */
export const BULK_ROWS_PER_STATEMENT = 500;

/** A product as a bulk action reads it under its lock. */
export interface BulkProductRow {
  id: string;
  title: string;
  visible: boolean;
  dataJson: string;
}

/** A product's new data, with the search text of its categories and tags that goes with it. */
export interface BulkDataWrite {
  id: string;
  data: Record<string, unknown>;
}

export class ProductBulkRepository {
  constructor(private readonly session: StoreSession) {}

  /** The ids of the products the filter keeps, at most `limit`, in id order. */
  async idsMatching(filter: AdminProductListFilter, limit: number): Promise<string[]> {
    const { where, params } = productListWhere(filter, this.session.dialect);
    const rows = await this.session.all<{ id: string }>(`SELECT products.id FROM products WHERE ${where} ORDER BY products.id LIMIT ?`, [...params, limit]);
    return rows.map((row) => row.id);
  }

  /**
   * The products of these ids that exist, locked for the rest of the transaction (PostgreSQL; SQLite's
   * IMMEDIATE transaction holds the whole file). All are locked, in id order, before anything is
   * written: the first write takes the triggers' version row, which a save holding a product waits
   * for, so no product may be awaited after it.
   */
  async lock(ids: readonly string[]): Promise<BulkProductRow[]> {
    const sorted = [...new Set(ids)].sort();
    const rows: BulkProductRow[] = [];
    for (let start = 0; start < sorted.length; start += BULK_ROWS_PER_STATEMENT) {
      const batch = sorted.slice(start, start + BULK_ROWS_PER_STATEMENT);
      const found = await this.session.all<{ id: string; title: string; visible: number | string; data_json: string }>(
        `SELECT id, title, visible, data_json FROM products WHERE id IN (${placeholders(batch.length)}) ORDER BY id${forUpdate(this.session)}`, batch,
      );
      rows.push(...found.map((row) => ({ id: row.id, title: row.title, visible: Number(row.visible) === 1, dataJson: row.data_json })));
    }
    return rows;
  }

  /** Shows or hides the products (a batch of ids), moving each one's revision on. */
  async setVisible(ids: readonly string[], visible: boolean): Promise<void> {
    await this.session.run(`UPDATE products SET visible = ?, revision = revision + 1 WHERE id IN (${placeholders(ids.length)})`, [visible ? 1 : 0, ...ids]);
  }

  /** Writes the products' data (a batch), and the search text of their categories and tags, moving each one's revision on. */
  async writeData(writes: readonly BulkDataWrite[]): Promise<void> {
    const cases = writes.map(() => 'WHEN ? THEN ?').join(' ');
    await this.session.run(
      `UPDATE products SET data_json = CASE id ${cases} END, category_tag_search_text = CASE id ${cases} END, revision = revision + 1
       WHERE id IN (${placeholders(writes.length)})`,
      [
        ...writes.flatMap((write) => [write.id, JSON.stringify(write.data)]),
        ...writes.flatMap((write) => [write.id, categoryTagSearchText(write.data)]),
        ...writes.map((write) => write.id),
      ],
    );
  }
}
