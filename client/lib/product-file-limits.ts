/**
 * How large a digital product's file may be, read by the editor (which refuses a larger file
 * before sending it) and by the server (413 as it arrives), so both say the same limit.
 */
import { ADMIN } from './admin-messages.ts';

/** 100 MB: an e-book, a pattern pack, a short video course; the file is written to disk as it arrives, never held in memory. */
export const MAX_PRODUCT_FILE_BYTES = 100 * 1024 * 1024;

/** The refusal of a file over `maxBytes` ("The file is larger than 100 MB, the most a download may be."). */
export function productFileTooLarge(maxBytes = MAX_PRODUCT_FILE_BYTES): string {
  return ADMIN.server.productFileTooLarge.replace('{max}', String(Math.round((maxBytes / 1024 / 1024) * 100) / 100));
}
