import { parseObjectColumn } from './json-column.ts';
import { containsPattern, LIKE_ESCAPE } from './like-pattern.ts';
import { RESTOCK_NOTICE_KIND } from './restock-repository.ts';
import type { StoreSession } from './store.ts';

export interface FormField {
  id: string;
  title: string;
  /** The field's kind ('name', 'date', 'checkbox'…), which says how its answer reads; '' when the form gives none. */
  type: string;
}

export interface AdminForm {
  id: string;
  name: string;
  fields: FormField[];
  submissionCount: number;
}

export interface AdminFormSubmission {
  id: string;
  createdOn: number;
  pagePath: string | null;
  values: Record<string, unknown>;
}

/** Which rows of a long list: `limit` of them from `offset` (0 by default). */
export interface ListPage {
  limit: number;
  offset?: number;
}

export interface AdminSubscriber {
  email: string;
  source: string;
  createdOn: number;
}

/** One variant's waiting list, with the stock that decides whether it may be notified now. */
export interface AdminRestockGroup {
  productId: string;
  variantId: string;
  productTitle: string;
  sku: string;
  attributes: Record<string, string>;
  qtyInStock: number;
  unlimited: boolean;
  requestCount: number;
  pendingCount: number;
  emails: string[];
}

/**
 * 1 for a request of `s` that waits again because its notice never reached the shopper (its newest
 * restock notice failed or was kept), else 0. The notice's kind is the query's first parameter.
 */
const WAITS_AFTER_UNDELIVERED = `CASE WHEN s.notified_on IS NULL
  AND (SELECT notice.status FROM email_outbox notice WHERE notice.kind = ? AND notice.subject_id = s.id
       ORDER BY notice.created_on DESC, notice.rowid DESC LIMIT 1) IN ('failed', 'kept')
  THEN 1 ELSE 0 END`;

/** A form's fields from its definition: id, title (the id when it has none) and kind. */
export function fieldsOf(definitionJson: string): FormField[] {
  const fields = parseObjectColumn(definitionJson).fields;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((field) => {
    if (field === null || typeof field !== 'object') return [];
    const { id, title, type } = field as { id?: unknown; title?: unknown; type?: unknown };
    return typeof id === 'string' ? [{ id, title: typeof title === 'string' ? title : id, type: typeof type === 'string' ? type : '' }] : [];
  });
}

/** The columns of a waiting list's variant, as both restock queries read them. */
interface WaitingVariantRow {
  product_id: string; variant_id: string; title: string; sku: string; attributes_json: string; qty_in_stock: number; unlimited: number;
}

function waitingVariant(row: WaitingVariantRow) {
  return {
    productId: row.product_id,
    variantId: row.variant_id,
    productTitle: row.title,
    sku: row.sku,
    attributes: parseObjectColumn(row.attributes_json) as Record<string, string>,
    qtyInStock: Number(row.qty_in_stock),
    unlimited: Number(row.unlimited) === 1,
  };
}

/** What customers sent: form submissions per form, newsletter subscribers, restock requests. */
export class AdminMessagesRepository {
  constructor(private readonly session: StoreSession) {}

  async forms(): Promise<AdminForm[]> {
    const forms = await this.session.all<{ id: string; name: string; definition_json: string }>('SELECT id, name, definition_json FROM forms ORDER BY rowid');
    const counts = await this.session.all<{ form_id: string; n: number }>('SELECT form_id, COUNT(*) AS n FROM form_submissions GROUP BY form_id');
    return forms.map((form) => ({
      id: form.id,
      name: form.name,
      fields: fieldsOf(form.definition_json),
      submissionCount: Number(counts.find((count) => count.form_id === form.id)?.n ?? 0),
    }));
  }

  /** A form's submissions, newest first: `limit` from `offset`. */
  async submissions(formId: string, page: ListPage): Promise<AdminFormSubmission[]> {
    const rows = await this.session.all<{ id: string; created_on: number; page_path: string | null; values_json: string }>(
      'SELECT id, created_on, page_path, values_json FROM form_submissions WHERE form_id = ? ORDER BY created_on DESC, rowid DESC LIMIT ? OFFSET ?',
      [formId, page.limit, page.offset ?? 0],
    );
    return rows.map((row) => ({ id: row.id, createdOn: Number(row.created_on), pagePath: row.page_path, values: parseObjectColumn(row.values_json) }));
  }

  /** The mailing list, newest first, found by words of the address when `search` is given. */
  async subscribers(page: ListPage & { search?: string }): Promise<AdminSubscriber[]> {
    const where = page.search ? `WHERE lower(email) LIKE ? ${LIKE_ESCAPE}` : '';
    const rows = await this.session.all<{ email: string; source: string; created_on: number }>(
      `SELECT email, source, created_on FROM mailing_list ${where} ORDER BY created_on DESC, email LIMIT ? OFFSET ?`,
      [...(page.search ? [containsPattern(page.search)] : []), page.limit, page.offset ?? 0],
    );
    return rows.map((row) => ({ email: row.email, source: row.source, createdOn: Number(row.created_on) }));
  }

  /** One page of the waiting lists, a row per variant, the longest-waiting first (no addresses: see restockGroups). */
  async restockSummary(page: ListPage): Promise<Array<Omit<AdminRestockGroup, 'emails'> & { undeliveredCount: number }>> {
    const rows = await this.session.all<WaitingVariantRow & { requests: number | string; pending: number | string; undelivered: number | string }>(
      `SELECT s.product_id, s.variant_id, p.title, v.sku, v.attributes_json, v.qty_in_stock, v.unlimited,
              COUNT(*) AS requests, SUM(CASE WHEN s.notified_on IS NULL THEN 1 ELSE 0 END) AS pending,
              SUM(${WAITS_AFTER_UNDELIVERED}) AS undelivered, MIN(s.created_on) AS first_on
       FROM restock_signups s JOIN variants v ON v.id = s.variant_id JOIN products p ON p.id = s.product_id
       GROUP BY s.product_id, s.variant_id, p.title, v.sku, v.attributes_json, v.qty_in_stock, v.unlimited
       ORDER BY first_on, s.variant_id LIMIT ? OFFSET ?`,
      [RESTOCK_NOTICE_KIND, page.limit, page.offset ?? 0],
    );
    return rows.map((row) => ({
      ...waitingVariant(row), requestCount: Number(row.requests), pendingCount: Number(row.pending), undeliveredCount: Number(row.undelivered),
    }));
  }

  /** How many restock requests, in all the waiting lists, wait again because their notice was never delivered. */
  async restockUndelivered(): Promise<number> {
    const row = await this.session.get<{ n: number | string | null }>(
      `SELECT SUM(${WAITS_AFTER_UNDELIVERED}) AS n FROM restock_signups s WHERE s.notified_on IS NULL`,
      [RESTOCK_NOTICE_KIND],
    );
    return Number(row?.n ?? 0);
  }

  /** Restock requests grouped by variant with their addresses, the longest-waiting first (the CSV export). */
  async restockGroups(limit: number): Promise<AdminRestockGroup[]> {
    const rows = await this.session.all<WaitingVariantRow & { email: string; notified_on: number | null }>(
      `SELECT s.product_id, s.variant_id, s.email, s.notified_on, p.title, v.sku, v.attributes_json, v.qty_in_stock, v.unlimited
       FROM restock_signups s JOIN variants v ON v.id = s.variant_id JOIN products p ON p.id = s.product_id
       ORDER BY s.created_on, s.id`,
    );
    const groups = new Map<string, AdminRestockGroup>();
    for (const row of rows) {
      const key = `${row.product_id}\n${row.variant_id}`;
      let group = groups.get(key);
      if (!group) {
        if (groups.size >= limit) continue;
        group = { ...waitingVariant(row), requestCount: 0, pendingCount: 0, emails: [] };
        groups.set(key, group);
      }
      group.requestCount += 1;
      if (row.notified_on === null) group.pendingCount += 1;
      group.emails.push(row.email);
    }
    return [...groups.values()];
  }
}
