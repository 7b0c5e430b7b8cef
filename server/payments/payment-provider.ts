/**
 * What the checkout asks of a payment service. The store ships one built-in provider
 * (test-payment-provider.ts, test card numbers, nothing charged); a real one implements the
 * same two calls and is passed to createApp as options.payments. The admin gives a live order's
 * card charge back through `refund` (server/admin/card-refund.ts).
 */
export interface CardDetails {
  /** Digits only. */
  number: string;
  expiryMonth: number;
  expiryYear: number;
  cvc: string;
}

export interface ChargeRequest {
  amountCents: number;
  currency: string;
  card: CardDetails;
  /** The checkout attempt: charging twice with the same key charges once. */
  idempotencyKey: string;
  description: string;
}

export type ChargeResult =
  | { outcome: 'paid'; reference: string }
  /** The card was refused; another card may work. */
  | { outcome: 'declined' }
  /** A passing fault; the same card may work when tried again. */
  | { outcome: 'retry' };

export interface RefundRequest {
  /**
   * What to give back now, in the charge's currency and minor units: all of what is left of the
   * charge for a whole refund, a cancellation or a checkout's give-back, part of it for a refund
   * of part of an order.
   */
  amountCents: number;
  /** The refund's own key (the order's, one refund of part of it, or the checkout's for a charge it gives back): asking twice with the same key gives the money back once. */
  idempotencyKey: string;
}

export type RefundResult =
  /** The amount asked is given back (now, or already: asked before under the same key, or in the provider's own dashboard). */
  | { outcome: 'refunded' }
  /** The provider will not give it back (too old, disputed, more than is left of the charge…): nothing moved; `reason` in its words when it gave one. */
  | { outcome: 'refused'; reason?: string };

export interface PaymentProvider {
  /** Stored on the order beside its reference ('test', …). */
  readonly name: string;
  /** True when no money moves (the confirmation and the email say so). */
  readonly testMode: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * Gives `request.amountCents` of a charge back: all of it when the order could not be written
   * after all (the last item went), what is left of it when the owner refunds or cancels the
   * order, part of it for a refund of part of the order. Throws when the provider cannot be
   * reached or fails.
   */
  refund(reference: string, request: RefundRequest): Promise<RefundResult>;
}
