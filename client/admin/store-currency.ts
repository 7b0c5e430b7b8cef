/**
 * The store's currency, for showing and typing prices: the currency of the money format the
 * admin's page brings with it, so it is known at once without a call (and a role refused the
 * settings still sees prices written right). A screen shown without the page's format asks the
 * settings for it.
 */
import { useEffect, useState } from 'react';
import { DEFAULT_CURRENCY } from '../lib/money.ts';
import { adminCall } from './admin-api.ts';
import { useStoreMoneyFormat } from './store-money-format.ts';

/** The currency the settings were saved with since the page was loaded, which its format predates. */
let savedSinceLoad: string | null = null;

export function useStoreCurrency(): string {
  const pageFormat = useStoreMoneyFormat();
  const [fromSettings, setFromSettings] = useState<string | null>(null);
  useEffect(() => {
    if (pageFormat !== null || savedSinceLoad !== null) return;
    let live = true;
    void adminCall<{ settings: { currency: string } }>('GET', '/api/admin/settings').then((answer) => {
      if (live && answer.ok) setFromSettings(answer.data.settings.currency);
    });
    return () => {
      live = false;
    };
  }, [pageFormat]);
  return savedSinceLoad ?? pageFormat?.currency ?? fromSettings ?? DEFAULT_CURRENCY;
}

/** Settings saved with another currency: prices are shown in it from now on. */
export function rememberStoreCurrency(currency: string): void {
  savedSinceLoad = currency;
}
