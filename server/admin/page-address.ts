/**
 * A page's address (its collection's urlId, served at /urlId) as the owner types it on the Pages
 * screen: lower-case letters, digits and dashes, never one of the store's own first path segments,
 * which the store answers before any page (so a page there could never be opened).
 */
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { MAX_PAGE_ADDRESS } from '../../client/lib/page-address.ts';

/**
 * The first segments of the store's own routes and files (test/server/admin/pages.test.ts checks
 * the route table against it), and `home`, the home page's urlId, served at /.
 */
export const RESERVED_PAGE_ADDRESSES: ReadonlySet<string> = new Set([
  'home', 'shop', 'cart', 'checkout', 'config', 'api', 'search', 'account', 'commerce', 'downloads', 'uploads',
  'theme', 'assets', 'scripts', 'static', 'universal', 'mailing-list', 'site.css', 'robots.txt', 'sitemap.xml', 'favicon.ico',
  'lessons', 'gallery', 'contact', 'product-files',
]);

const ADDRESS = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The address as stored: without spaces around it or a leading slash, in lower case (`/Impressum` is `impressum`). */
export function normalPageAddress(typed: string): string {
  return typed.trim().replace(/^\/+/, '').toLowerCase();
}

/** An address the owner types, normalised, then refused under the field when it is not one. */
export const pageAddressFormat = z.string().transform(normalPageAddress).pipe(
  z.string().min(1).max(MAX_PAGE_ADDRESS).regex(ADDRESS, { error: ADMIN.server.pageAddressNotValid }),
);

/** A new page's address: also never one of the store's own. */
export const pageAddress = pageAddressFormat.refine((address) => !RESERVED_PAGE_ADDRESSES.has(address), { error: ADMIN.server.pageAddressReserved });
