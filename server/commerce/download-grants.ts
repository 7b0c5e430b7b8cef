/**
 * Download grants: the right a digital line's buyer has to download its product's file, made in
 * the order's transaction, and the link that carries it.
 *
 * The link's token is HMAC-SHA256 of the grant's id under a server secret ("download-links" in
 * server_secrets), base64url: the confirmation email is written in the order's transaction, but
 * the confirmation page is opened later (and again from the email), and both must show the same
 * link. A random token would have to be stored to be shown again; this one is rebuilt from the
 * grant's id by whoever knows the secret, while the table keeps only its SHA-256 (to find the
 * grant by the link). The secret is in the same database (every process must make the same links),
 * so a copy of the database, a backup included, can make every working link: backups are as private
 * as the store (server/admin/README.md says so).
 */
import { createHash, createHmac } from 'node:crypto';
import { DOWNLOADS } from '../../client/lib/messages.ts';
import { newRecordId } from '../db/cart-repository.ts';
import { DownloadGrantRepository, type DownloadGrantRecord } from '../db/download-grant-repository.ts';
import { ProductFileRepository } from '../db/product-file-repository.ts';
import { ServerSecretRepository } from '../db/server-secret-repository.ts';
import { SiteRepository } from '../db/site-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { storeTimeZone } from '../admin/order-period.ts';
import { PRODUCT_TYPE } from './pricing.ts';

/** How long a download link works after the order. */
export const DOWNLOAD_DAYS = 30;
/** How many times a download link works for each unit its line bought (two copies: 10). */
export const DOWNLOADS_PER_UNIT = 5;
/** Where a download link leads: DOWNLOAD_PATH + token. */
export const DOWNLOAD_PATH = '/downloads/';
/** A token is 32 bytes in base64url: 43 characters. */
export const DOWNLOAD_TOKEN_LENGTH = 43;

const SECRET_NAME = 'download-links';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The key download tokens are made with (created on first use, shared by every process). */
export function downloadSecret(session: StoreSession): Promise<string> {
  return new ServerSecretRepository(session).secret(SECRET_NAME);
}

/** The link token of a grant. */
export function downloadToken(secret: string, grantId: string): string {
  return createHmac('sha256', secret).update(grantId).digest('base64url');
}

/** What the table keeps of a token, to find its grant. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A line of the order as the grants need it. */
export interface GrantableLine {
  itemId: string;
  productId: string;
  productType: number;
  quantity: number;
}

/**
 * How many times a grant's link works in all: DOWNLOADS_PER_UNIT for each unit of its line, so a
 * buyer of two copies (for two people or two devices) is not cut short at one copy's downloads.
 */
export function downloadsAllowed(grant: Pick<DownloadGrantRecord, 'lineQuantity'>): number {
  return DOWNLOADS_PER_UNIT * grant.lineQuantity;
}

/**
 * Writes a grant for each digital line whose product has a file now, inside the order's
 * transaction: the grants made, by order item id. A digital line without a file gets none (the
 * owner's new-order email says to send it by hand).
 */
export async function grantDownloads(tx: StoreSession, orderId: string, lines: readonly GrantableLine[], now: number): Promise<Map<string, DownloadGrantRecord>> {
  const digital = lines.filter((line) => line.productType === PRODUCT_TYPE.DIGITAL);
  const granted = new Map<string, DownloadGrantRecord>();
  if (digital.length === 0) return granted;
  const files = await new ProductFileRepository(tx).findMany(digital.map((line) => line.productId));
  const grants = new DownloadGrantRepository(tx);
  const secret = await downloadSecret(tx);
  for (const line of digital) {
    if (!files.has(line.productId)) continue;
    const grant: DownloadGrantRecord = {
      id: newRecordId(), orderId, orderItemId: line.itemId, productId: line.productId,
      expiresOn: now + DOWNLOAD_DAYS * DAY_MS, downloadsLeft: downloadsAllowed({ lineQuantity: line.quantity }), createdOn: now, lineQuantity: line.quantity,
    };
    await grants.insert({ ...grant, tokenSha256: tokenHash(downloadToken(secret, grant.id)) });
    granted.set(line.itemId, grant);
  }
  return granted;
}

/** A download link as the email and the confirmation page show it. */
export interface DownloadLink {
  label: string;
  terms: string;
  /** The store-relative path, /downloads/TOKEN. */
  path: string;
  /** The link still works: an expired or used-up one is shown as text, not as a link that only refuses. */
  live: boolean;
}

/** The day a link stops working, in the store's language and time zone ("December 28, 2026"). */
export function expiryDay(expiresOn: number, locale: string, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric', timeZone };
  try {
    return new Intl.DateTimeFormat(locale, options).format(expiresOn);
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(expiresOn);
  }
}

/** How often and until when a grant's link works, as it stands at `now` (a new one: "works 5 times until …"). */
function linkTerms(grant: DownloadGrantRecord, day: string, now: number): string {
  const allowed = downloadsAllowed(grant);
  if (grant.expiresOn <= now) return DOWNLOADS.linkTermsExpired(day);
  if (grant.downloadsLeft <= 0) return DOWNLOADS.linkTermsUsedUp(allowed);
  if (grant.downloadsLeft < allowed) return DOWNLOADS.linkTermsLeft(grant.downloadsLeft, day);
  return DOWNLOADS.linkTerms(allowed, day);
}

/** The link of a grant for a product, worded as it stands at `now`. */
export function downloadLink(secret: string, grant: DownloadGrantRecord, productName: string, locale: string, timeZone: string, now = Date.now()): DownloadLink {
  return {
    label: DOWNLOADS.linkLabel(productName),
    terms: linkTerms(grant, expiryDay(grant.expiresOn, locale, timeZone), now),
    path: `${DOWNLOAD_PATH}${downloadToken(secret, grant.id)}`,
    live: grant.expiresOn > now && grant.downloadsLeft > 0,
  };
}

/** The store's time zone, for the day a link stops working. */
export async function downloadTimeZone(session: StoreSession): Promise<string> {
  return storeTimeZone(await new SiteRepository(session).website());
}

/** The download links of a placed order, in the order of its lines; a line refunded whole has none any more. */
export async function orderDownloadLinks(session: StoreSession, orderId: string, locale: string): Promise<DownloadLink[]> {
  const grants = (await new DownloadGrantRepository(session).ofOrder(orderId)).filter((grant) => !grant.lineRefunded);
  if (grants.length === 0) return [];
  const [secret, zone] = await Promise.all([downloadSecret(session), downloadTimeZone(session)]);
  return grants.map((grant) => downloadLink(secret, grant, grant.productName, locale, zone));
}
