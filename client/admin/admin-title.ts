/**
 * The admin's names for the store: the header's brand and the browser tab's title. The server
 * writes both on the first view; the admin writes them again once the owner saves a new site title.
 */
import { ADMIN } from '../lib/admin-messages.ts';

export function adminBrand(siteTitle: string): string {
  return siteTitle ? `${siteTitle} · ${ADMIN.appTitle}` : ADMIN.appTitle;
}

export function adminDocumentTitle(siteTitle: string): string {
  return siteTitle ? `${ADMIN.appTitle} — ${siteTitle}` : ADMIN.appTitle;
}
