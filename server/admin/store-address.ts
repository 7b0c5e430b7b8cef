/**
 * The store's address: where shoppers open it (the website's `baseUrl`). Emails link to it and
 * pages give it to search engines as their canonical address, so it must be the public one; the
 * seed's is the development server's (http://localhost:3000).
 */
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { fillMessage, serverMessages } from '../messages.ts';
import { ownerText } from './admin-validation.ts';

/**
 * An origin: https or http, a host, an optional port, nothing after it (the store is served from
 * its root). Kept as the origin, so " https://Shop.Example.com/ " is stored as "https://shop.example.com";
 * an address typed without its scheme ("shop.example.com") is taken as https.
 */
export const storeAddressSchema = ownerText(200).trim().transform((typed, ctx) => {
  const text = typed.includes('://') || typed === '' ? typed : `https://${typed}`;
  const url = URL.canParse(text) ? new URL(text) : null;
  const origin = url !== null && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== ''
    && url.username === '' && url.password === '' && url.pathname === '/' && !/[?#]/.test(text);
  if (!origin) {
    ctx.addIssue({ code: 'custom', message: ADMIN.server.notAStoreAddress });
    return z.NEVER;
  }
  return url.origin;
});

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']);

export interface StoreAddressFacts {
  /** The stored address (website.baseUrl). */
  address: unknown;
  /** Where this process listens, as logged at start-up. */
  listeningUrl: string;
  /** NODE_ENV=production or TRUST_PROXY=true: shoppers reach this store from elsewhere. */
  public: boolean;
}

/**
 * The start-up warning when the store's address cannot be the one shoppers open: one on this
 * machine while the store is public, or on this machine but not where it listens; null otherwise.
 */
export function storeAddressNotice(facts: StoreAddressFacts): string | null {
  const address = typeof facts.address === 'string' ? facts.address : '';
  const url = URL.canParse(address) ? new URL(address) : null;
  const local = url === null || LOOPBACK_HOSTS.has(url.hostname);
  if (!local || (!facts.public && url !== null && url.origin === new URL(facts.listeningUrl).origin)) return null;
  return fillMessage(serverMessages.storeAddressLocalLog, { address: address === '' ? '(none)' : address, url: facts.listeningUrl });
}
