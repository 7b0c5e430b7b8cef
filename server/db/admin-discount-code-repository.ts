/**
 * Discount codes as the owner's Discounts screen finds, makes, changes, stops, starts and deletes
 * them, each with the orders that used it. A code some order used is never deleted, only stopped:
 * its uses keep their history (discount_code_uses refers to it).
 */
import type { DiscountAppliesTo, DiscountKind } from '../../client/lib/discount-code.ts';
import { PRODUCT_TYPE } from '../commerce/pricing.ts';
import { newRecordId } from './cart-repository.ts';
import { discountCodeOf, numberOrNull, type DiscountCodeRow } from './discount-code-repository.ts';
import { parseObjectColumn, stringsOf } from './json-column.ts';
import { containsPattern, LIKE_ESCAPE } from './like-pattern.ts';
import type { SqlValue, StoreSession } from './store.ts';

/** What the owner sets on a code (the form's fields, checked: discount-code-input.ts). */
export interface DiscountCodeWrite {
  code: string;
  kind: DiscountKind;
  percentBasisPoints: number;
  amountCents: number;
  currency: string;
  minimumSubtotalCents: number;
  startsOn: number | null;
  endsOn: number | null;
  usageLimit: number | null;
  /** Each customer (an order's email) may use it once, while that order keeps its use. */
  oncePerCustomer: boolean;
  /** The whole order, or only chosen products or categories (a percentage or amount code). */
  appliesTo: DiscountAppliesTo;
  /** The chosen products' ids or categories' names; empty for the whole order. */
  targets: readonly string[];
}

export interface AdminDiscountCode extends DiscountCodeWrite {
  id: string;
  timesUsed: number;
  createdOn: number;
  updatedOn: number;
  stoppedOn: number | null;
}

/** An order that used the code; `returnedOn` when its cancellation or refund gave the use back. */
export interface AdminDiscountCodeUse {
  orderId: string;
  orderNumber: number | null;
  /** The order's currency, which what it took off is in. */
  currency: string;
  amountCents: number;
  createdOn: number;
  returnedOn: number | null;
}

/** What a code may be limited to: the shop's products (gift cards left out, as no code takes from them) and their categories. */
export interface DiscountTargetChoices {
  products: Array<{ id: string; title: string }>;
  /** Every category some product carries, in alphabetical order. */
  categories: string[];
}

type Num = number | string;

/** A row read as the checkout reads it (discountCodeOf), its terms laid flat as the form has them, with its times. */
function toCode(row: DiscountCodeRow): AdminDiscountCode {
  const { terms, ...record } = discountCodeOf(row);
  return { ...record, ...terms, createdOn: Number(row.created_on), updatedOn: Number(row.updated_on) };
}

/** The written fields in the columns' order of INSERT and UPDATE below. */
const values = (code: DiscountCodeWrite): SqlValue[] => [
  code.code, code.kind, code.percentBasisPoints, code.amountCents, code.currency, code.minimumSubtotalCents, code.startsOn, code.endsOn, code.usageLimit,
  // the column is 0 or 1 on both engines
  code.oncePerCustomer ? 1 : 0,
  code.appliesTo, JSON.stringify(code.targets),
];

export class AdminDiscountCodeRepository {
  constructor(private readonly session: StoreSession) {}

  /** Codes newest first, `limit` from `offset`, those whose code holds the words of `search` (in either case). */
  async list(limit: number, offset: number, search = ''): Promise<AdminDiscountCode[]> {
    const words = search.trim();
    const where = words === '' ? '' : ` WHERE lower(code) LIKE ? ${LIKE_ESCAPE}`;
    const params: SqlValue[] = words === '' ? [] : [containsPattern(words)];
    const rows = await this.session.all<DiscountCodeRow>(`SELECT * FROM discount_codes${where} ORDER BY created_on DESC, rowid DESC LIMIT ? OFFSET ?`, [...params, limit, offset]);
    return rows.map(toCode);
  }

  async findById(id: string): Promise<AdminDiscountCode | undefined> {
    const row = await this.session.get<DiscountCodeRow>('SELECT * FROM discount_codes WHERE id = ?', [id]);
    return row ? toCode(row) : undefined;
  }

  /** The orders that used the code, newest first, with their numbers. */
  async usesOf(id: string): Promise<AdminDiscountCodeUse[]> {
    const rows = await this.session.all<{ order_id: string; order_number: Num | null; currency: string; amount_cents: Num; created_on: Num; returned_on: Num | null }>(
      `SELECT used.order_id, orders.order_number, orders.currency, used.amount_cents, used.created_on, used.returned_on
       FROM discount_code_uses used JOIN orders ON orders.id = used.order_id
       WHERE used.discount_code_id = ? ORDER BY used.created_on DESC, used.rowid DESC`,
      [id],
    );
    return rows.map((row) => ({
      orderId: row.order_id, orderNumber: numberOrNull(row.order_number), currency: row.currency, amountCents: Number(row.amount_cents),
      createdOn: Number(row.created_on), returnedOn: numberOrNull(row.returned_on),
    }));
  }

  /**
   * A new code; undefined when the code is taken already. A clash inserts nothing (ON CONFLICT,
   * which leaves a PostgreSQL transaction usable), so two owners saving one code at once get one.
   */
  async create(code: DiscountCodeWrite, now: number): Promise<AdminDiscountCode | undefined> {
    const id = newRecordId();
    const { changes } = await this.session.run(
      `INSERT INTO discount_codes (id, code, kind, percent_basis_points, amount_cents, currency, minimum_subtotal_cents, starts_on, ends_on,
         usage_limit, once_per_customer, applies_to, targets_json, created_on, updated_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (code) DO NOTHING`,
      [id, ...values(code), now, now],
    );
    return changes === 1 ? this.findById(id) : undefined;
  }

  /** The owner's fields written over the code's (its uses, count and stop stay); false when there is no such code. Throws a unique violation for a code taken. */
  async update(id: string, code: DiscountCodeWrite, now: number): Promise<boolean> {
    const { changes } = await this.session.run(
      `UPDATE discount_codes SET code = ?, kind = ?, percent_basis_points = ?, amount_cents = ?, currency = ?, minimum_subtotal_cents = ?,
         starts_on = ?, ends_on = ?, usage_limit = ?, once_per_customer = ?, applies_to = ?, targets_json = ?, updated_on = ? WHERE id = ?`,
      [...values(code), now, id],
    );
    return changes === 1;
  }

  /** Whether another code than `exceptId` is `code` already. */
  async isTaken(code: string, exceptId: string | null): Promise<boolean> {
    const row = await this.session.get('SELECT 1 AS one FROM discount_codes WHERE code = ? AND id <> ?', [code, exceptId ?? '']);
    return row !== undefined;
  }

  /**
   * Stops the code (the checkout no longer takes it) or starts it again, by a conditional update:
   * false when it was already so (another member of staff got there first).
   */
  async setStopped(id: string, stopped: boolean, now: number): Promise<boolean> {
    const { changes } = stopped
      ? await this.session.run('UPDATE discount_codes SET stopped_on = ?, updated_on = ? WHERE id = ? AND stopped_on IS NULL', [now, now, id])
      : await this.session.run('UPDATE discount_codes SET stopped_on = NULL, updated_on = ? WHERE id = ? AND stopped_on IS NOT NULL', [now, id]);
    return changes === 1;
  }

  /** The products a code may be limited to, by title, and the categories they carry (one read of the products, however many). */
  async targetChoices(): Promise<DiscountTargetChoices> {
    const rows = await this.session.all<{ id: string; title: string; data_json: string }>(
      'SELECT id, title, data_json FROM products WHERE product_type <> ? ORDER BY lower(title), id',
      [PRODUCT_TYPE.GIFT_CARD],
    );
    const categories = new Set(rows.flatMap((row) => stringsOf(parseObjectColumn(row.data_json).categories)));
    return {
      products: rows.map((row) => ({ id: row.id, title: row.title })),
      categories: [...categories].sort((a, b) => a.localeCompare(b, 'en')),
    };
  }

  /** Deletes a code no order ever used, in one statement (an order using it meanwhile keeps it); false otherwise. */
  async deleteUnused(id: string): Promise<boolean> {
    const { changes } = await this.session.run(
      'DELETE FROM discount_codes WHERE id = ? AND NOT EXISTS (SELECT 1 FROM discount_code_uses WHERE discount_code_id = ?)',
      [id, id],
    );
    return changes === 1;
  }
}
