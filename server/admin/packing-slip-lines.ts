/**
 * What a packing slip lists of an order's lines: the goods still to send, each at its quantity
 * less the units refunds of part of the order took back (the packer packs what is left, not what
 * was bought), and apart, what the parcel does not hold (downloads, gift cards, services, and
 * lines refunded whole, so the packer knows they were not forgotten).
 */
import { PRODUCT_TYPE } from '../commerce/pricing.ts';
import type { AdminOrderDetailLine } from '../db/admin-order-repository.ts';
import type { RefundedOfLine } from '../db/order-refund-repository.ts';
import type { ReadableAnswer } from '../commerce/answers-in-words.ts';

/** Why a line is not in the parcel: its product's type, or refunds that took back every unit. */
export type NotPackedReason = 'download' | 'giftCard' | 'service' | 'refunded';

const NOT_PACKED_TYPES: Partial<Record<number, NotPackedReason>> = {
  [PRODUCT_TYPE.DIGITAL]: 'download',
  [PRODUCT_TYPE.GIFT_CARD]: 'giftCard',
  [PRODUCT_TYPE.SERVICE]: 'service',
};

export interface SlipLine {
  productName: string;
  variantLabel: string;
  billingInterval: string;
  sku: string;
  /** The units to pack (or, for a line not packed, the units it names). */
  quantity: number;
  /** The units bought, and those refunds took back (0 for none). */
  ordered: number;
  refunded: number;
  answers: ReadableAnswer[];
  notPacked: NotPackedReason | null;
}

export interface SlipLines {
  packed: SlipLine[];
  notPacked: SlipLine[];
  /** The units to pack in all. */
  units: number;
  /** The units of packed lines that refunds took back, which the heading's count leaves out. */
  refundedUnits: number;
}

/**
 * The slip's lines of `lines`, each with its own extra-field answers: `typeOf` gives a line's
 * product type as sold, `refunded` what refunds took of each order item.
 */
export function slipLinesOf(
  lines: readonly AdminOrderDetailLine[],
  typeOf: (line: AdminOrderDetailLine) => number,
  refunded: ReadonlyMap<string, RefundedOfLine>,
): SlipLines {
  const all: SlipLine[] = lines.map((line) => {
    const refundedUnits = Math.min(line.quantity, refunded.get(line.itemId)?.quantity ?? 0);
    const left = line.quantity - refundedUnits;
    const byType = NOT_PACKED_TYPES[typeOf(line)] ?? null;
    return {
      productName: line.productName, variantLabel: line.variantLabel, billingInterval: line.billingInterval, sku: line.sku,
      // a line refunded whole names the units it had; any other its units left
      quantity: left > 0 ? left : line.quantity,
      ordered: line.quantity,
      refunded: refundedUnits,
      answers: line.answers,
      notPacked: byType ?? (left > 0 ? null : 'refunded'),
    };
  });
  const packed = all.filter((line) => line.notPacked === null);
  return {
    packed,
    notPacked: all.filter((line) => line.notPacked !== null),
    units: packed.reduce((sum, line) => sum + line.quantity, 0),
    refundedUnits: packed.reduce((sum, line) => sum + line.refunded, 0),
  };
}
