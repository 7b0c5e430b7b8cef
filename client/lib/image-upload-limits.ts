/**
 * How large an image file the admin takes, read by the product editor (which refuses a larger
 * file at once, before sending any of it over a phone's connection) and by the server (which
 * refuses it with 413 as it arrives), so both say the same limit in the same words.
 */
import { ADMIN } from './admin-messages.ts';

/**
 * 20 MB: a phone's largest photo within the 50 megapixels the store decodes (a 48-megapixel
 * JPEG, commonly 10 to 20 MB); a bigger file is rarely a picture the store could decode anyway.
 * Each upload is held in memory until it is stored, so the figure also bounds that.
 */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/** The refusal of a file over MAX_IMAGE_BYTES ("The image is larger than 20 MB."). */
export const IMAGE_TOO_LARGE = ADMIN.server.imageTooLarge.replace('{max}', String(MAX_IMAGE_BYTES / 1024 / 1024));

/** Whether a file of `bytes` is over the limit. */
export function isImageTooLarge(bytes: number): boolean {
  return bytes > MAX_IMAGE_BYTES;
}
