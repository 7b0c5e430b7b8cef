/**
 * Discount codes written straight into the store, as the owner's screen would have made them
 * (migrations 146 to 148), for suites that use a code rather than make one; and what a code has counted.
 */
import { randomUUID } from 'node:crypto';
import type { DiscountAppliesTo, DiscountKind } from '../../../client/lib/discount-code.ts';
import type { StoreSession } from '../../../server/db/store.ts';

export interface TestDiscountCode {
  /** As the store keeps it: upper case. */
  code: string;
  kind: DiscountKind;
  percentBasisPoints?: number;
  amountCents?: number;
  currency?: string;
  minimumSubtotalCents?: number;
  startsOn?: number | null;
  endsOn?: number | null;
  usageLimit?: number | null;
  timesUsed?: number;
  stoppedOn?: number | null;
  oncePerCustomer?: boolean;
  appliesTo?: DiscountAppliesTo;
  targets?: string[];
}

/** A discount_codes row (USD, no dates, no limit unless given); its id. */
export async function insertDiscountCode(store: StoreSession, code: TestDiscountCode): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  await store.run(
    `INSERT INTO discount_codes (id, code, kind, percent_basis_points, amount_cents, currency, minimum_subtotal_cents,
       starts_on, ends_on, usage_limit, times_used, created_on, updated_on, stopped_on, once_per_customer, applies_to, targets_json)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id, code.code, code.kind, code.percentBasisPoints ?? 0, code.amountCents ?? 0, code.currency ?? 'USD', code.minimumSubtotalCents ?? 0,
      code.startsOn ?? null, code.endsOn ?? null, code.usageLimit ?? null, code.timesUsed ?? 0, now, now, code.stoppedOn ?? null,
      code.oncePerCustomer ? 1 : 0, code.appliesTo ?? 'order', JSON.stringify(code.targets ?? []),
    ],
  );
  return id;
}

/** How many orders a code counts as using it now. */
export async function timesUsedOf(store: StoreSession, code: string): Promise<number> {
  const row = await store.get<{ times_used: number | string }>('SELECT times_used FROM discount_codes WHERE code = ?', [code]);
  return Number(row!.times_used);
}
