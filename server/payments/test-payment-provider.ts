import { randomUUID } from 'node:crypto';
import type { ChargeRequest, ChargeResult, PaymentProvider, RefundRequest, RefundResult } from './payment-provider.ts';

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
 * first charge's reference, as real providers do. Refunds are kept by charge, as a real provider
 * keeps them: one for more than is left of the charge is refused, and one asked again under the
 * same key answers as it did the first time.
 */
export function createTestPaymentProvider(): PaymentProvider {
  const paidByKey = new Map<string, string>();
  const retriedKeys = new Set<string>();
  /** What each charge took, and what refunds gave back of it, by its reference. */
  const chargedCents = new Map<string, number>();
  const refundedCents = new Map<string, number>();
  /** Each refund made, by its key, with the amount it gave back. */
  const refundByKey = new Map<string, { amountCents: number; result: RefundResult }>();
  const fullyRefunded = (reference: string): boolean => (refundedCents.get(reference) ?? 0) >= (chargedCents.get(reference) ?? 0);
  /** Keeps a long-running process's maps to the recent entries. */
  const trim = (map: Map<string, unknown>) => {
    if (map.size > 10_000) map.delete(map.keys().next().value!);
  };
  return {
    name: 'test',
    testMode: true,
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const earlier = paidByKey.get(request.idempotencyKey);
      if (earlier && !(refundedCents.has(earlier) && fullyRefunded(earlier))) return { outcome: 'paid', reference: earlier };
      if (request.card.number === TEST_CARDS.retry && !retriedKeys.has(request.idempotencyKey)) {
        retriedKeys.add(request.idempotencyKey);
        return { outcome: 'retry' };
      }
      if (request.card.number !== TEST_CARDS.success && request.card.number !== TEST_CARDS.retry) return { outcome: 'declined' };
      const reference = `test_${randomUUID()}`;
      paidByKey.set(request.idempotencyKey, reference);
      chargedCents.set(reference, request.amountCents);
      // a long-running process keeps only recent attempts
      trim(paidByKey);
      trim(chargedCents);
      if (retriedKeys.size > 10_000) retriedKeys.delete(retriedKeys.values().next().value!);
      return { outcome: 'paid', reference };
    },
    async refund(reference: string, request: RefundRequest): Promise<RefundResult> {
      // asked again under its key: the refund made, as real providers answer; another amount under the same key is a mistake they refuse
      const earlier = refundByKey.get(request.idempotencyKey);
      if (earlier && earlier.amountCents !== request.amountCents) return { outcome: 'refused', reason: 'this refund was asked before for another amount' };
      if (earlier) return earlier.result;
      // a charge this process did not make (an older one, from before a restart) is taken to hold what is asked
      const charged = chargedCents.get(reference) ?? (refundedCents.get(reference) ?? 0) + request.amountCents;
      const left = charged - (refundedCents.get(reference) ?? 0);
      if (request.amountCents > left) return { outcome: 'refused', reason: `only ${left} of the charge is left to refund` };
      refundedCents.set(reference, charged - left + request.amountCents);
      chargedCents.set(reference, charged);
      const result: RefundResult = { outcome: 'refunded' };
      refundByKey.set(request.idempotencyKey, { amountCents: request.amountCents, result });
      trim(refundedCents);
      trim(refundByKey);
      return result;
    },
  };
}
