import { randomUUID } from 'node:crypto';
import type { ChargeRequest, ChargeResult, PaymentProvider, RefundResult } from './payment-provider.ts';

/** The test cards: any future expiry and any security code. */
export const TEST_CARDS = {
  success: '4242424242424242',
  decline: '4000000000000002',
  /** Answers "try again" on the first charge of a checkout attempt, then pays. */
  retry: '4000000000000119',
} as const;

/**
 * The built-in provider: no third party is reachable, so test card numbers decide the outcome
 * and nothing is charged. Any other valid card number is declined, so a real card typed by
 * mistake never looks paid. A charge repeated with the same idempotency key answers with the
 * first charge's reference, as real providers do.
 */
export function createTestPaymentProvider(): PaymentProvider {
  const paidByKey = new Map<string, string>();
  const retriedKeys = new Set<string>();
  const refunded = new Set<string>();
  return {
    name: 'test',
    testMode: true,
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const earlier = paidByKey.get(request.idempotencyKey);
      if (earlier && !refunded.has(earlier)) return { outcome: 'paid', reference: earlier };
      if (request.card.number === TEST_CARDS.retry && !retriedKeys.has(request.idempotencyKey)) {
        retriedKeys.add(request.idempotencyKey);
        return { outcome: 'retry' };
      }
      if (request.card.number !== TEST_CARDS.success && request.card.number !== TEST_CARDS.retry) return { outcome: 'declined' };
      const reference = `test_${randomUUID()}`;
      paidByKey.set(request.idempotencyKey, reference);
      // a long-running process keeps only recent attempts
      if (paidByKey.size > 10_000) paidByKey.delete(paidByKey.keys().next().value!);
      if (retriedKeys.size > 10_000) retriedKeys.delete(retriedKeys.values().next().value!);
      return { outcome: 'paid', reference };
    },
    async refund(reference: string): Promise<RefundResult> {
      refunded.add(reference);
      if (refunded.size > 10_000) refunded.delete(refunded.values().next().value!);
      return { outcome: 'refunded' };
    },
  };
}
