import { variantFromRow, type ProductRecord, type VariantRecord, type VariantRow } from '../db/catalogue-repository.ts';
import { parseObjectColumn, stringsOf } from '../db/json-column.ts';
import type { StoreSession } from '../db/store.ts';
import type { Logger } from 'pino';
import { answersLog, lineAnswers } from './line-answers.ts';
import { hasUnlimitedStock, PRODUCT_TYPE, unitPriceCents } from './pricing.ts';

/** One line of the order being checked out, priced now (never from what the browser sent). */
export interface CheckoutLine {
  entryId: string;
  productId: string;
  variantId: string;
  sku: string;
  productName: string;
  productType: number;
  /** The product's categories (its data's), which a discount code may be limited to. */
  categories: string[];
  /** The variant in words ("Size: M, Color: Natural"); empty for a product without options. */
  variantLabel: string;
  quantity: number;
  unitPriceCents: number;
  /** Stock is taken for this line when the order is placed. */
  limitedStock: boolean;
  weightGrams: number;
  /** A subscription's billing period, when the product is bought as one. */
  billingPeriod: { value: number; unit: string } | null;
  /** The answers to the product's extra-field form, in words (`Initials: AE`); none for a product without one. */
  answers: Array<{ label: string; value: string }>;
}

/** A cart entry joined with its product and its variant's whole row (`v.*`). */
interface LineRow extends Omit<VariantRow, 'id'> {
  entry_id: string;
  quantity: number | string;
  title: string;
  product_type: number | string;
  product_data: string;
  variant_id: string;
  answers_json: string | null;
  form_definition: string | null;
}

function nonNegative(value: unknown): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? number : 0;
}

/**
 * A variant's weight: the weight the owner set on the variant (the admin's column), else one the
 * product's data gives (imported or seeded products), else 0.
 */
export function variantWeightGrams(variant: Pick<VariantRecord, 'sku' | 'weightGrams'>, data: Record<string, unknown>): number {
  if (variant.weightGrams > 0) return variant.weightGrams;
  const perVariant = data.variantWeightGrams;
  if (perVariant && typeof perVariant === 'object' && variant.sku in perVariant) {
    return nonNegative((perVariant as Record<string, unknown>)[variant.sku]);
  }
  return nonNegative(data.weightGrams);
}

function billingPeriodOf(data: Record<string, unknown>, cartKind: string): CheckoutLine['billingPeriod'] {
  if (cartKind !== 'subscription') return null;
  const plan = data.subscriptionPlan as { billingPeriod?: { value?: unknown; unit?: unknown } } | undefined;
  const period = plan?.billingPeriod;
  if (!period || typeof period.unit !== 'string') return null;
  return { value: Math.max(1, Math.trunc(nonNegative(period.value))) || 1, unit: period.unit };
}

/**
 * The cart's lines joined with their product and variant, in the order they were added.
 * Entries whose product or variant is gone are left out, as the cart page leaves them out. `log`:
 * where an entry's answers that cannot be read are said (it is then bought without them).
 */
export async function readCheckoutLines(session: StoreSession, cartId: string, cartKind: string, log?: Pick<Logger, 'warn'>): Promise<CheckoutLine[]> {
  const rows = await session.all<LineRow>(
    `SELECT e.id AS entry_id, e.quantity, e.additional_fields_json AS answers_json, p.id AS product_id, p.title, p.product_type,
            p.data_json AS product_data, f.definition_json AS form_definition, v.*, v.id AS variant_id
     FROM cart_entries e
     JOIN products p ON p.id = e.product_id
     JOIN variants v ON v.id = e.variant_id AND v.product_id = p.id
     LEFT JOIN forms f ON f.id = p.additional_fields_form_id
     WHERE e.cart_id = ?
     ORDER BY e.created_on, e.rowid`,
    [cartId],
  );
  return rows.map((row) => {
    const data = parseObjectColumn(row.product_data);
    const product = {
      id: row.product_id, title: row.title, productType: Number(row.product_type), data,
    } as Pick<ProductRecord, 'id' | 'title' | 'productType' | 'data'> as ProductRecord;
    const variant = variantFromRow({ ...row, id: row.variant_id });
    return {
      entryId: row.entry_id,
      productId: row.product_id,
      variantId: row.variant_id,
      sku: row.sku,
      productName: row.title,
      productType: product.productType,
      categories: stringsOf(data.categories),
      variantLabel: Object.entries(variant.attributes).filter(([, value]) => typeof value === 'string')
        .map(([name, value]) => `${name}: ${String(value)}`).join(', '),
      quantity: Number(row.quantity),
      unitPriceCents: unitPriceCents(product, variant),
      limitedStock: !hasUnlimitedStock(product, variant),
      weightGrams: variantWeightGrams(variant, data),
      billingPeriod: billingPeriodOf(data, cartKind),
      answers: lineAnswers(row.answers_json, row.form_definition, answersLog(log, { cartId, entryId: row.entry_id })),
    };
  });
}

/** True when any line is a gift card (the checkout then asks for the recipient's email). */
export function hasGiftCard(lines: readonly CheckoutLine[]): boolean {
  return lines.some((line) => line.productType === PRODUCT_TYPE.GIFT_CARD);
}
