import { parseObjectColumn } from './json-column.ts';
import { forUpdate, type StoreSession } from './store.ts';

/** A collection as the Pages screen reads and writes it, with the revision a save is checked against. */
export interface AdminPage {
  id: string;
  urlId: string;
  title: string;
  typeCode: number;
  description: string;
  data: Record<string, unknown>;
  /** Moved on by each write of the page on the Pages screen (migration 167). */
  revision: number;
  /** Content items it holds (lessons, gallery images): a collection with some is never deleted here. */
  itemCount: number;
}

interface PageRow {
  id: string;
  url_id: string;
  title: string;
  type_code: number | string;
  description: string;
  data_json: string;
  revision: number | string;
  item_count: number | string;
}

const SELECT_PAGES = `SELECT c.id, c.url_id, c.title, c.type_code, c.description, c.data_json, c.revision,
  (SELECT COUNT(*) FROM content_items i WHERE i.collection_id = c.id) AS item_count
  FROM collections c`;

function toPage(row: PageRow): AdminPage {
  return {
    id: row.id,
    urlId: row.url_id,
    title: row.title,
    typeCode: Number(row.type_code),
    description: row.description,
    data: parseObjectColumn(row.data_json),
    revision: Number(row.revision),
    itemCount: Number(row.item_count),
  };
}

/** What a save changes of a page's row; the rest of its data is kept by the caller. */
export interface AdminPageWrite {
  urlId: string;
  title: string;
  /** The introduction as typed (plain text, shown as paragraphs): '' for a new page. */
  description: string;
  data: Record<string, unknown>;
}

/**
 * The site's collections for the admin's Pages screen: read uncached (a screen must see what is
 * stored now), written with the revision moved on. Writes to collections move the content version
 * (its triggers), so the storefront reads them on its next request.
 */
export class AdminPageRepository {
  constructor(private readonly session: StoreSession) {}

  /** Every collection, in the order the store made them (home and shop first in a seeded store). */
  async list(): Promise<AdminPage[]> {
    return (await this.session.all<PageRow>(`${SELECT_PAGES} ORDER BY c.rowid`)).map(toPage);
  }

  async byId(id: string): Promise<AdminPage | undefined> {
    const row = await this.session.get<PageRow>(`${SELECT_PAGES} WHERE c.id = ?`, [id]);
    return row ? toPage(row) : undefined;
  }

  /** The page locked for a read-modify-write (inside a transaction; PostgreSQL's row lock, SQLite's IMMEDIATE). */
  async byIdForUpdate(id: string): Promise<AdminPage | undefined> {
    const locked = await this.session.get<{ id: string }>(`SELECT id FROM collections WHERE id = ?${forUpdate(this.session)}`, [id]);
    return locked ? this.byId(id) : undefined;
  }

  /** Whether a collection other than `exceptId` has this address. */
  async addressTaken(urlId: string, exceptId: string | null): Promise<boolean> {
    const row = await this.session.get('SELECT 1 AS one FROM collections WHERE url_id = ? AND id <> ?', [urlId, exceptId ?? '']);
    return row !== undefined;
  }

  /** A new plain page (type 10), revision 0. */
  async insert(id: string, page: AdminPageWrite): Promise<void> {
    await this.session.run(
      `INSERT INTO collections (id, url_id, title, type_code, description, member_only, data_json, revision)
       VALUES (?, ?, ?, 10, ?, 0, ?, 0)`,
      [id, page.urlId, page.title, page.description, JSON.stringify(page.data)],
    );
  }

  async update(id: string, page: AdminPageWrite): Promise<void> {
    await this.session.run(
      'UPDATE collections SET url_id = ?, title = ?, description = ?, data_json = ?, revision = revision + 1 WHERE id = ?',
      [page.urlId, page.title, page.description, JSON.stringify(page.data), id],
    );
  }

  /** Moves the revision on without another change: a page placed in another navigation. */
  async touch(id: string): Promise<void> {
    await this.session.run('UPDATE collections SET revision = revision + 1 WHERE id = ?', [id]);
  }

  async delete(id: string): Promise<void> {
    await this.session.run('DELETE FROM collections WHERE id = ?', [id]);
  }
}
