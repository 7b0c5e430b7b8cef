/**
 * A buyer's download links as the admin shows the emails that carry them. The link is the buyer's
 * key to paid files: anyone holding it downloads them and spends the buyer's downloads, and staff
 * who may read orders need not hold products (viewer, reporting, billing). The outbox keeps the
 * working link, so an email sent again still delivers it to the buyer.
 */
import { DOWNLOAD_PATH } from '../commerce/download-grants.ts';

/** A token as links carry it (base64url); any length, so an older or malformed token is hidden too. */
const LINK_TOKEN = new RegExp(`${DOWNLOAD_PATH.replaceAll('/', '\\/')}[A-Za-z0-9_-]+`, 'g');

/** What stands in the token's place: the link still says where it leads. */
export const HIDDEN_DOWNLOAD_TOKEN = '…';

/** `text` (an email's text or HTML) with every `/downloads/TOKEN` as `/downloads/…`. */
export function withDownloadLinksHidden(text: string): string {
  return text.replace(LINK_TOKEN, `${DOWNLOAD_PATH}${HIDDEN_DOWNLOAD_TOKEN}`);
}
