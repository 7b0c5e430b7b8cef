/**
 * The store's locale (the website's language, such as de-DE), which the admin's page brings with
 * it: every date of the admin is written in it, as the shop's pages write theirs and as the
 * admin's amounts follow the store's money format, rather than in the browser's language.
 */
import { createContext, useContext } from 'react';

/** Null where the locale is not known (a screen shown alone): dates are then written in the browser's language. */
export const StoreLocale = createContext<string | null>(null);

export function useStoreLocale(): string | null {
  return useContext(StoreLocale);
}
