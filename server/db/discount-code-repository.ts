import type { DiscountAppliesTo, DiscountCodeLimits, DiscountKind, DiscountTerms } from '../../client/lib/discount-code.ts';
import { parseStringsColumn } from './json-column.ts';
import { forUpdate, type StoreSession } from './store.ts';

/** A discount code as the checkout reads it (migrations 146 to 148): what it takes off, from what and when it may. */
export interface DiscountCodeRecord extends DiscountCodeLimits {
  id: string;
  /** Normalised (discount-code.ts): upper case. */
  code: string;
  terms: DiscountTerms;
  /** Each customer (an order's email) may use it once, as long as that order keeps its use. */
  oncePerCustomer: boolean;
}

/** The code an order used, as it was then. */
export interface DiscountCodeUseRecord {
  discountCodeId: string;
  code: string;
  kind: DiscountKind;
  /** What it took off the order (goods and shipping together). */
  amountCents: number;
  createdOn: number;
  /** When the use was given back (the order cancelled or refunded); null while it counts. */
  returnedOn: number | null;
}

/** A discount_codes row as either engine returns it (numbers may come back as text). */
export interface DiscountCodeRow {
  id: string;
  code: string;
  kind: DiscountKind;
  percent_basis_points: number | string;
  amount_cents: number | string;
  currency: string;
  minimum_subtotal_cents: number | string;
  starts_on: number | string | null;
  ends_on: number | string | null;
  usage_limit: number | string | null;
  times_used: number | string;
  created_on: number | string;
  updated_on: number | string;
  stopped_on: number | string | null;
  once_per_customer: number | string;
  applies_to: DiscountAppliesTo;
  targets_json: string;
}

/** A nullable number column as either engine returns it (PostgreSQL answers BIGINT as text). */
export function numberOrNull(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

export function discountCodeOf(row: DiscountCodeRow): DiscountCodeRecord {
  return {
    id: row.id,
    code: row.code,
    terms: {
      kind: row.kind,
      percentBasisPoints: Number(row.percent_basis_points),
      amountCents: Number(row.amount_cents),
      currency: row.currency,
      minimumSubtotalCents: Number(row.minimum_subtotal_cents),
      appliesTo: row.applies_to,
      targets: parseStringsColumn(row.targets_json),
    },
    startsOn: numberOrNull(row.starts_on),
    endsOn: numberOrNull(row.ends_on),
    usageLimit: numberOrNull(row.usage_limit),
    timesUsed: Number(row.times_used),
    stoppedOn: numberOrNull(row.stopped_on),
    oncePerCustomer: Number(row.once_per_customer) === 1,
  };
}

/**
 * The discount codes as the checkout uses them: looked up by the quote, a use taken and recorded
 * in the order's transaction, given back in the transaction of its cancellation or refund. The
 * owner's side (making, changing, stopping codes) is admin-discount-code-repository.ts.
 */
export class DiscountCodeRepository {
  constructor(private readonly session: StoreSession) {}

  /** The code of a normalised code; locked for the rest of the transaction when `lock` is set. */
  async findByCode(code: string, lock = false): Promise<DiscountCodeRecord | undefined> {
    const row = await this.session.get<DiscountCodeRow>(`SELECT * FROM discount_codes WHERE code = ?${lock ? forUpdate(this.session) : ''}`, [code]);
    return row ? discountCodeOf(row) : undefined;
  }

  /**
   * Counts one more use of a code that is active at `now` (not stopped, started, not ended, under
   * its limit): a conditional update, so of two orders taking a code's last use only one has it,
   * whatever either read before. False when the code could not be used (nothing changes).
   */
  async takeUse(id: string, now: number): Promise<boolean> {
    const { changes } = await this.session.run(
      `UPDATE discount_codes SET times_used = times_used + 1
       WHERE id = ? AND stopped_on IS NULL AND (starts_on IS NULL OR starts_on <= ?) AND (ends_on IS NULL OR ends_on > ?)
         AND (usage_limit IS NULL OR times_used < usage_limit)`,
      [id, now, now],
    );
    return changes === 1;
  }

  /** True when an order placed with `email` used the code and keeps its use (not cancelled or refunded). */
  async usedByCustomer(id: string, email: string): Promise<boolean> {
    const row = await this.session.get<{ order_id: string }>(
      `SELECT u.order_id FROM discount_code_uses u JOIN orders o ON o.id = u.order_id
       WHERE u.discount_code_id = ? AND u.returned_on IS NULL AND o.customer_email = ? LIMIT 1`,
      [id, email],
    );
    return row !== undefined;
  }

  /** Keeps which code the order used (as the quote applied it) and what it took off, as they are now. */
  async recordUse(orderId: string, applied: { id: string; code: string; kind: DiscountKind }, amountCents: number, now: number): Promise<void> {
    await this.session.run(
      'INSERT INTO discount_code_uses (order_id, discount_code_id, code, kind, amount_cents, created_on) VALUES (?, ?, ?, ?, ?, ?)',
      [orderId, applied.id, applied.code, applied.kind, amountCents, now],
    );
  }

  /** The code the order used, or null when it used none. */
  async useOf(orderId: string): Promise<DiscountCodeUseRecord | null> {
    const row = await this.session.get<{
      discount_code_id: string; code: string; kind: DiscountKind; amount_cents: number | string; created_on: number | string; returned_on: number | string | null;
    }>('SELECT discount_code_id, code, kind, amount_cents, created_on, returned_on FROM discount_code_uses WHERE order_id = ?', [orderId]);
    if (!row) return null;
    return {
      discountCodeId: row.discount_code_id, code: row.code, kind: row.kind, amountCents: Number(row.amount_cents),
      createdOn: Number(row.created_on), returnedOn: numberOrNull(row.returned_on),
    };
  }

  /**
   * Gives the order's use back to its code, once: the use is marked returned by a conditional
   * update first, so a refund after a cancellation takes nothing more off the count.
   */
  async giveUseBack(orderId: string, now: number): Promise<void> {
    const use = await this.session.get<{ discount_code_id: string }>(
      `SELECT discount_code_id FROM discount_code_uses WHERE order_id = ? AND returned_on IS NULL${forUpdate(this.session)}`,
      [orderId],
    );
    if (!use) return;
    const { changes } = await this.session.run('UPDATE discount_code_uses SET returned_on = ? WHERE order_id = ? AND returned_on IS NULL', [now, orderId]);
    if (changes !== 1) return;
    await this.session.run('UPDATE discount_codes SET times_used = times_used - 1 WHERE id = ? AND times_used > 0', [use.discount_code_id]);
  }
}
