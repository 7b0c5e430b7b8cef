/** The store's currency, for showing and typing prices; read once from the settings call. */
import { useEffect, useState } from 'react';
import { adminCall } from './admin-api.ts';

let known: string | null = null;

export function useStoreCurrency(): string {
  const [currency, setCurrency] = useState(known ?? 'USD');
  useEffect(() => {
    if (known !== null) return;
    void adminCall<{ settings: { currency: string } }>('GET', '/api/admin/settings').then((answer) => {
      if (answer.ok) {
        known = answer.data.settings.currency;
        setCurrency(known);
      }
    });
  }, []);
  return currency;
}

/** Settings saved with another currency: prices are shown in it from now on. */
export function rememberStoreCurrency(currency: string): void {
  known = currency;
}
