/**
 * The store's money format (its currency written as its pages write it, in the store's locale),
 * which the admin's page brings with it: an order's amounts and the products' prices are written
 * as the shop writes them, not in the built-in US style.
 */
import { createContext, useContext } from 'react';
import type { MoneyFormat } from '../lib/money.ts';

/** Null where the format is not known (a screen shown alone): amounts are written in the built-in style. */
export const StoreMoneyFormat = createContext<MoneyFormat | null>(null);

export function useStoreMoneyFormat(): MoneyFormat | null {
  return useContext(StoreMoneyFormat);
}
