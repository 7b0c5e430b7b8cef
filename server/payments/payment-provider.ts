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
  /** The refund's own key (the order's, or the checkout's for a charge it gives back): asking twice with the same key gives the money back once. */
  idempotencyKey: string;
}

export type RefundResult =
  /** The charge is given back in full (now, or already: asked before, or in the provider's own dashboard). */
  | { outcome: 'refunded' }
  /** The provider will not give it back (too old, disputed…): nothing moved; `reason` in its words when it gave one. */
  | { outcome: 'refused'; reason?: string };

export interface PaymentProvider {
  /** Stored on the order beside its reference ('test', …). */
  readonly name: string;
  /** True when no money moves (the confirmation and the email say so). */
  readonly testMode: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * Gives a charge back in full: the order could not be written after all (the last item went),
   * or the owner refunds or cancels it. Throws when the provider cannot be reached or fails.
   */
  refund(reference: string, request: RefundRequest): Promise<RefundResult>;
}
