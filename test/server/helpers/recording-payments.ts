/**
 * The test payment provider with every charge and refund kept, for suites that check what a
 * shopper was charged and given back. Charges may be held until several have arrived (two
 * checkouts both past their checks before either writes its order), or run some work first (the
 * store changed while the card is charged).
 */
import type { ChargeRequest, PaymentProvider } from '../../../server/payments/payment-provider.ts';
import { createTestPaymentProvider } from '../../../server/payments/test-payment-provider.ts';

export interface RecordingPayments {
  provider: PaymentProvider;
  charges: ChargeRequest[];
  refunds: string[];
  /** Charges wait until `count` of them have arrived; `release` lets later ones through at once. */
  holdChargesUntil(count: number): { release: () => void };
  /** Runs `work` while the next charge is made, before it is answered. */
  duringNextCharge(work: () => Promise<void>): void;
}

export function recordingPayments(): RecordingPayments {
  const provider = createTestPaymentProvider();
  const charges: ChargeRequest[] = [];
  const refunds: string[] = [];
  let held: { count: number; arrived: number; release: () => void; all: Promise<void> } | null = null;
  let during: (() => Promise<void>) | null = null;
  return {
    charges,
    refunds,
    provider: {
      name: provider.name,
      testMode: provider.testMode,
      async charge(request) {
        charges.push(request);
        const work = during;
        during = null;
        if (work) await work();
        const together = held;
        if (together) {
          together.arrived += 1;
          if (together.arrived >= together.count) together.release();
          await together.all;
        }
        return provider.charge(request);
      },
      async refund(reference, request) {
        refunds.push(reference);
        return provider.refund(reference, request);
      },
    },
    holdChargesUntil(count) {
      let release = () => {};
      const all = new Promise<void>((resolve) => { release = resolve; });
      held = { count, arrived: 0, release, all };
      return { release: () => { release(); held = null; } };
    },
    duringNextCharge(work) {
      during = work;
    },
  };
}
