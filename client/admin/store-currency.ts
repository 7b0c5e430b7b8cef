/**
 * The store's currency, for showing and typing prices: the currency of the money format the
 * admin's page brings with it (and settings saved with another currency replace), so it is known
 * at once without a call (and a role refused the settings still sees prices written right). A
 * screen shown without the page's format asks the settings for it.
 */
import { DEFAULT_CURRENCY } from '../lib/money.ts';
import { useStoreMoneyFormat } from './store-money-format.ts';
import { useCall } from './use-call.ts';

export function useStoreCurrency(): string {
  const pageFormat = useStoreMoneyFormat();
  const settings = useCall<{ settings: { currency: string } }>(pageFormat === null ? '/api/admin/settings' : null);
  return pageFormat?.currency ?? settings.data?.settings.currency ?? DEFAULT_CURRENCY;
}
