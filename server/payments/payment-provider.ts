/**
 * What the checkout asks of a payment service. The store ships one built-in provider
 * (test-payment-provider.ts, test card numbers, nothing charged); a real one implements the
 * same two calls and is passed to createApp as options.payments.
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

export interface PaymentProvider {
  /** Stored on the order beside its reference ('test', …). */
  readonly name: string;
  /** True when no money moves (the confirmation and the email say so). */
  readonly testMode: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Gives a charge back (the order could not be written after all, e.g. the last item went). */
  refund(reference: string): Promise<void>;
}
