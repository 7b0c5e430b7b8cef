import type { StoreSession } from './store.ts';
import type { ReadableAnswer } from '../commerce/answers-in-words.ts';
import type { Logger } from 'pino';
import { answersLog, lineAnswers } from '../commerce/line-answers.ts';

/** Where an order ships: the checkout's address fields. */
export interface ShippingAddress {
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  countryCode: string;
}

/** The checkout's part of an order: who bought it, where it goes, how it was paid. */
export interface OrderCustomer {
  orderNumber: number;
  email: string;
  name: string;
  shippingAddress: ShippingAddress | null;
  shippingOption: { id: string; name: string; costCents: number } | null;
  paymentProvider: string;
  paymentReference: string;
  /** The last four digits of the payment card charged; empty when none was (or before they were kept). */
  cardLast4: string;
  idempotencyKey: string;
  /** A gift card's recipient; empty otherwise. */
  recipientEmail: string;
}

/** Where an order stands for its shopper: paid, then sent, or cancelled or refunded, and since when. */
export interface OrderProgress {
  status: 'paid' | 'fulfilled' | 'cancelled' | 'refunded';
  /** When it reached that status (epoch ms); the order's own time while it is paid. */
  since: number;
}

/** What the checkout adds to an order line: the shopper's words for it. */
export interface OrderLineWords {
  /** The order_items row. */
  itemId: string;
  /** The variant in words ("Size: M, Color: Natural"). */
  variantLabel: string;
  /** A subscription's billing interval in words; empty otherwise. */
  billingInterval: string;
  /** The line's answers to its product's extra-field form, in words as the checkout showed them; none without. */
  answers: readonly ReadableAnswer[];
}

/**
 * An order's lines (`i`) with the form each product has now (`f.definition_json`), which reads an
 * older order's answers, kept by field id: followed by the caller's WHERE and ORDER BY.
 */
export const ORDER_ITEMS_WITH_FORMS = `FROM order_items i
  LEFT JOIN products p ON p.id = i.product_id
  LEFT JOIN forms f ON f.id = p.additional_fields_form_id`;

/** An order's line as its shopper reads it (no SKUs). */
export interface OrderLineForShopper {
  productName: string;
  variantLabel: string;
  billingInterval: string;
  quantity: number;
  unitPriceCents: number;
  /** Its extra-field answers in words (`Initials: AE`); none without. */
  answers: ReadableAnswer[];
}

interface CustomerRow {
  order_number: number | string | null;
  customer_email: string | null;
  customer_name: string | null;
  shipping_address_json: string | null;
  shipping_option_id: string | null;
  shipping_option_name: string | null;
  shipping_option_cents: number | string | null;
  payment_provider: string | null;
  payment_reference: string | null;
  payment_card_last4: string | null;
  idempotency_key: string | null;
  recipient_email: string | null;
}

/** A stored address object's fields, each as text ('' for one missing or not text). */
export function shippingAddressFields(value: Readonly<Record<string, unknown>>): ShippingAddress {
  const text = (field: unknown): string => (typeof field === 'string' ? field : '');
  return {
    line1: text(value.line1), line2: text(value.line2), city: text(value.city),
    region: text(value.region), postalCode: text(value.postalCode), countryCode: text(value.countryCode),
  };
}

function addressFrom(json: string | null): ShippingAddress | null {
  if (!json) return null;
  const value = JSON.parse(json) as Record<string, unknown> | null;
  if (!value || typeof value !== 'object') return null;
  return shippingAddressFields(value);
}

/** The order rows the checkout writes (customer columns of migration 120) and reads back. */
export class CheckoutOrderRepository {
  /** `log`: where an order line's answers that cannot be read are said (line-answers.ts). */
  constructor(private readonly session: StoreSession, private readonly log?: Pick<Logger, 'warn'>) {}

  /**
   * Writes the checkout's part of an order the order repository has just inserted (same
   * transaction): the customer columns and each line's words. The UNIQUE order number and
   * idempotency key refuse a second order for either.
   */
  async attach(orderId: string, customer: OrderCustomer, lines: readonly OrderLineWords[]): Promise<void> {
    await this.session.run(
      `UPDATE orders SET order_number = ?, customer_email = ?, customer_name = ?, shipping_address_json = ?,
         shipping_option_id = ?, shipping_option_name = ?, shipping_option_cents = ?, payment_provider = ?,
         payment_reference = ?, payment_card_last4 = ?, idempotency_key = ?, recipient_email = ?
       WHERE id = ?`,
      [
        customer.orderNumber, customer.email, customer.name,
        customer.shippingAddress ? JSON.stringify(customer.shippingAddress) : null,
        customer.shippingOption?.id ?? null, customer.shippingOption?.name ?? null, customer.shippingOption?.costCents ?? null,
        customer.paymentProvider, customer.paymentReference, customer.cardLast4 || null, customer.idempotencyKey, customer.recipientEmail || null,
        orderId,
      ],
    );
    for (const line of lines) {
      await this.session.run(
        'UPDATE order_items SET variant_label = ?, billing_interval = ?, form_answers_json = ? WHERE id = ? AND order_id = ?',
        [line.variantLabel, line.billingInterval, line.answers.length > 0 ? JSON.stringify(line.answers) : null, line.itemId, orderId],
      );
    }
  }

  /** The order a checkout attempt already made, if any. */
  async findByIdempotencyKey(key: string): Promise<{ id: string; viewToken: string; orderNumber: number; paymentReference: string | null } | undefined> {
    const row = await this.session.get<{ id: string; view_token: string; order_number: number | string; payment_reference: string | null }>(
      'SELECT id, view_token, order_number, payment_reference FROM orders WHERE idempotency_key = ?',
      [key],
    );
    return row ? { id: row.id, viewToken: row.view_token, orderNumber: Number(row.order_number), paymentReference: row.payment_reference } : undefined;
  }

  /** The customer details of an order placed through the checkout; undefined for older orders. */
  async progressOf(orderId: string): Promise<OrderProgress | undefined> {
    const row = await this.session.get<{ status: OrderProgress['status']; created_on: number; fulfilled_on: number | null; cancelled_on: number | null; refunded_on: number | null }>(
      'SELECT status, created_on, fulfilled_on, cancelled_on, refunded_on FROM orders WHERE id = ?',
      [orderId],
    );
    if (!row) return undefined;
    const since = { paid: row.created_on, fulfilled: row.fulfilled_on, cancelled: row.cancelled_on, refunded: row.refunded_on }[row.status];
    return { status: row.status, since: Number(since ?? row.created_on) };
  }

  async customerOf(orderId: string): Promise<OrderCustomer | undefined> {
    const row = await this.session.get<CustomerRow>(
      `SELECT order_number, customer_email, customer_name, shipping_address_json, shipping_option_id, shipping_option_name,
         shipping_option_cents, payment_provider, payment_reference, payment_card_last4, idempotency_key, recipient_email
       FROM orders WHERE id = ?`,
      [orderId],
    );
    if (!row || row.order_number === null) return undefined;
    return {
      orderNumber: Number(row.order_number),
      email: row.customer_email ?? '',
      name: row.customer_name ?? '',
      shippingAddress: addressFrom(row.shipping_address_json),
      shippingOption: row.shipping_option_id === null ? null : {
        id: row.shipping_option_id, name: row.shipping_option_name ?? '', costCents: Number(row.shipping_option_cents ?? 0),
      },
      paymentProvider: row.payment_provider ?? '',
      paymentReference: row.payment_reference ?? '',
      cardLast4: row.payment_card_last4 ?? '',
      idempotencyKey: row.idempotency_key ?? '',
      recipientEmail: row.recipient_email ?? '',
    };
  }

  /**
   * The order's lines as the shopper reads them (no SKUs), in the order they were bought, each with
   * its own answers (an older order's, kept by field id, read with the product's form now).
   */
  async linesOf(orderId: string): Promise<OrderLineForShopper[]> {
    const rows = await this.session.all<{
      id: string; product_name: string; variant_label: string | null; billing_interval: string | null; quantity: number | string; unit_price_cents: number | string;
      form_answers_json: string | null; form_definition: string | null;
    }>(
      `SELECT i.id, i.product_name, i.variant_label, i.billing_interval, i.quantity, i.unit_price_cents, i.form_answers_json, f.definition_json AS form_definition
       ${ORDER_ITEMS_WITH_FORMS}
       WHERE i.order_id = ? ORDER BY i.rowid`,
      [orderId],
    );
    return rows.map((row) => ({
      productName: row.product_name,
      variantLabel: row.variant_label ?? '',
      billingInterval: row.billing_interval ?? '',
      quantity: Number(row.quantity),
      unitPriceCents: Number(row.unit_price_cents),
      answers: lineAnswers(row.form_answers_json, row.form_definition, answersLog(this.log, { orderId, orderItemId: row.id })),
    }));
  }

  /** How many orders a cart produced (0 or 1: purchased_cart_id is unique). */
  async countForCart(cartId: string): Promise<number> {
    const row = await this.session.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM orders WHERE purchased_cart_id = ?', [cartId]);
    return Number(row?.n ?? 0);
  }
}
