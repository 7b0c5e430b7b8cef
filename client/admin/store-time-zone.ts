/**
 * The store's time zone (the website's timeZone), which the admin's page brings with it: every
 * date of the admin is written in it, as the orders list counts its days in it, so an owner
 * abroad sees the shop's days rather than those of wherever the browser is.
 */
import { createContext, useContext } from 'react';

/** Null where the zone is not known (a screen shown alone): dates are then written in the browser's zone. */
export const StoreTimeZone = createContext<string | null>(null);

export function useStoreTimeZone(): string | null {
  return useContext(StoreTimeZone);
}
