import type { AppDeps } from '../deps.ts';
import { createMailer } from '../email/mailer.ts';
import { createTestPaymentProvider } from '../payments/test-payment-provider.ts';
import type { CheckoutServices } from './checkout-order.ts';

const servicesByDeps = new WeakMap<AppDeps, CheckoutServices>();

/** The checkout's store, payment provider, mailer and background work, built once per app from its options. */
export function checkoutServices(deps: AppDeps): CheckoutServices {
  let services = servicesByDeps.get(deps);
  if (!services) {
    services = {
      store: deps.store,
      payments: deps.options.payments ?? createTestPaymentProvider(),
      mailer: createMailer(deps.options.mail ?? {}, deps.log),
      log: deps.log,
      background: deps.background,
    };
    servicesByDeps.set(deps, services);
  }
  return services;
}
