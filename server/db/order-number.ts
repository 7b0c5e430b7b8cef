import type { StoreSession } from './store.ts';

const ORDER_NUMBER_COUNTER = 'order-number';

/**
 * The next short order number (#1001, #1002, …). Call inside the order's transaction: the
 * counter row stays locked until it commits (so no two processes get the same number) and a
 * rolled-back order gives its number back.
 */
export async function nextOrderNumber(tx: StoreSession): Promise<number> {
  const row = await tx.get<{ value: number | string }>(
    'UPDATE counters SET value = value + 1 WHERE name = ? RETURNING value',
    [ORDER_NUMBER_COUNTER],
  );
  if (!row) throw new Error(`counter ${ORDER_NUMBER_COUNTER} is missing (migration 121 not applied)`);
  return Number(row.value);
}
