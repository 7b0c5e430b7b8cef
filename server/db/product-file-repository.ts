import { placeholders, type StoreSession } from './store.ts';

/** The most products one statement names (a bulk delete's): well under either engine's limit of parameters. */
const IDS_PER_STATEMENT = 500;

/** The file a digital product delivers, as product_files keeps it (migration 152). */
export interface ProductFileRecord {
  productId: string;
  /** Its name in the private product-files folder (random, never the uploaded name). */
  storedName: string;
  /** The name it was uploaded with, cleaned for a Content-Disposition header: what the buyer's download is called. */
  fileName: string;
  contentType: string;
  byteSize: number;
  sha256: string;
  uploadedOn: number;
  uploadedBy: string;
}

interface ProductFileRow {
  product_id: string;
  stored_name: string;
  file_name: string;
  content_type: string;
  byte_size: number | string;
  sha256: string;
  uploaded_on: number | string;
  uploaded_by: string;
}

const COLUMNS = 'product_id, stored_name, file_name, content_type, byte_size, sha256, uploaded_on, uploaded_by';

function recordOf(row: ProductFileRow): ProductFileRecord {
  return {
    productId: row.product_id,
    storedName: row.stored_name,
    fileName: row.file_name,
    contentType: row.content_type,
    byteSize: Number(row.byte_size),
    sha256: row.sha256,
    uploadedOn: Number(row.uploaded_on),
    uploadedBy: row.uploaded_by,
  };
}

/** Reads and writes the one file of each digital product. */
export class ProductFileRepository {
  constructor(private readonly session: StoreSession) {}

  async find(productId: string): Promise<ProductFileRecord | undefined> {
    const row = await this.session.get<ProductFileRow>(`SELECT ${COLUMNS} FROM product_files WHERE product_id = ?`, [productId]);
    return row ? recordOf(row) : undefined;
  }

  /** The files of several products at once, by product id. */
  async findMany(productIds: readonly string[]): Promise<Map<string, ProductFileRecord>> {
    const found = new Map<string, ProductFileRecord>();
    for (const productId of new Set(productIds)) {
      const file = await this.find(productId);
      if (file) found.set(productId, file);
    }
    return found;
  }

  /**
   * Records `file` as its product's file, in place of the one it had: the stored name of the file
   * replaced (to remove from the folder once the write is committed), or null when it had none.
   * Call it in a transaction, so the read of the old row and the write go together.
   */
  async replace(file: ProductFileRecord): Promise<string | null> {
    const before = await this.find(file.productId);
    await this.session.run(
      `INSERT INTO product_files (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (product_id) DO UPDATE SET stored_name = excluded.stored_name, file_name = excluded.file_name,
         content_type = excluded.content_type, byte_size = excluded.byte_size, sha256 = excluded.sha256,
         uploaded_on = excluded.uploaded_on, uploaded_by = excluded.uploaded_by`,
      [file.productId, file.storedName, file.fileName, file.contentType, file.byteSize, file.sha256, file.uploadedOn, file.uploadedBy],
    );
    return before?.storedName ?? null;
  }

  /** Forgets the product's file: the stored name to remove from the folder, or null when it had none. */
  async remove(productId: string): Promise<string | null> {
    const row = await this.session.get<{ stored_name: string }>('DELETE FROM product_files WHERE product_id = ? RETURNING stored_name', [productId]);
    return row?.stored_name ?? null;
  }

  /** Forgets the files of the products (a bulk delete's): the stored names to remove from the folder. */
  async removeMany(productIds: readonly string[]): Promise<string[]> {
    const names: string[] = [];
    for (let start = 0; start < productIds.length; start += IDS_PER_STATEMENT) {
      const batch = productIds.slice(start, start + IDS_PER_STATEMENT);
      const rows = await this.session.all<{ stored_name: string }>(`DELETE FROM product_files WHERE product_id IN (${placeholders(batch.length)}) RETURNING stored_name`, batch);
      names.push(...rows.map((row) => row.stored_name));
    }
    return names;
  }
}
