/**
 * A live payment provider for the suites (testMode false), as a real one behaves: it charges the
 * test cards as the built-in provider does and gives a charge back once per idempotency key (a
 * repeated key answers the refund made). Every refund asked is kept, and every time money went
 * back is counted by charge (asked under another key, it would go back again: the suites check it
 * never does), with how much; a refund of more than is left of the charge is refused, as the
 * built-in provider refuses it; the next refund may be refused, fail, or be held until released
 * (two requests at once).
 */
import type { PaymentProvider, RefundRequest, RefundResult } from '../../../server/payments/payment-provider.ts';
import { createTestPaymentProvider } from '../../../server/payments/test-payment-provider.ts';

export const LIVE_PROVIDER_NAME = 'live-fake';

export interface LivePayments {
  provider: PaymentProvider;
  /** Every refund asked, in order. */
  asked: Array<{ reference: string; idempotencyKey: string | undefined }>;
  /** How many times each charge's money went back, by its reference. */
  givenBack: Map<string, number>;
  /** How much of each charge went back, by its reference. */
  givenBackCents: Map<string, number>;
  /** The amount of every refund asked, in order, with its key. */
  amounts: Array<{ reference: string; idempotencyKey: string; amountCents: number }>;
  /** The next refund is refused, with the provider's `reason` when given. */
  refuseNext(reason?: string): void;
  /** The next refund throws, as a provider that cannot be reached. */
  failNext(): void;
  /** The next refund waits until released; `arrived` resolves once it is asked. */
  holdNext(): { arrived: Promise<void>; release: () => void };
}

export function livePayments(): LivePayments {
  const test = createTestPaymentProvider();
  const asked: LivePayments['asked'] = [];
  const givenBack = new Map<string, number>();
  const givenBackCents = new Map<string, number>();
  const amounts: LivePayments['amounts'] = [];
  const byKey = new Map<string, { amountCents: number; made: Promise<RefundResult> }>();
  let next: { kind: 'refuse'; reason?: string } | { kind: 'fail' } | { kind: 'hold'; arrived: () => void; released: Promise<void> } | null = null;
  return {
    asked,
    givenBack,
    givenBackCents,
    amounts,
    provider: {
      name: LIVE_PROVIDER_NAME,
      testMode: false,
      charge: (request) => test.charge(request),
      async refund(reference: string, request: RefundRequest): Promise<RefundResult> {
        asked.push({ reference, idempotencyKey: request.idempotencyKey });
        amounts.push({ reference, idempotencyKey: request.idempotencyKey, amountCents: request.amountCents });
        const told = next;
        next = null;
        if (told?.kind === 'hold') {
          told.arrived();
          await told.released;
        }
        if (told?.kind === 'fail') throw new Error('connect ECONNREFUSED (the provider cannot be reached)');
        if (told?.kind === 'refuse') return told.reason ? { outcome: 'refused', reason: told.reason } : { outcome: 'refused' };
        // kept before it is answered, so two refunds asked at once under one key give the money back once
        const earlier = byKey.get(request.idempotencyKey);
        if (earlier && earlier.amountCents !== request.amountCents) return { outcome: 'refused', reason: 'this refund was asked before for another amount' };
        if (earlier) return earlier.made;
        // the built-in provider keeps what is left of each charge it made, and refuses more
        const made = test.refund(reference, request).then((result) => {
          if (result.outcome !== 'refunded') return result;
          givenBack.set(reference, (givenBack.get(reference) ?? 0) + 1);
          givenBackCents.set(reference, (givenBackCents.get(reference) ?? 0) + request.amountCents);
          return result;
        });
        byKey.set(request.idempotencyKey, { amountCents: request.amountCents, made });
        const result = await made;
        if (result.outcome !== 'refunded') byKey.delete(request.idempotencyKey);
        return result;
      },
    },
    refuseNext(reason) {
      next = { kind: 'refuse', reason };
    },
    failNext() {
      next = { kind: 'fail' };
    },
    holdNext() {
      let arrived = () => {};
      let release = () => {};
      const arrivedPromise = new Promise<void>((resolve) => { arrived = resolve; });
      const released = new Promise<void>((resolve) => { release = resolve; });
      next = { kind: 'hold', arrived, released };
      return { arrived: arrivedPromise, release };
    },
  };
}
