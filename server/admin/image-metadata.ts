/**
 * Uploaded images without the metadata a camera or an editor writes into them: EXIF (the camera,
 * its serial number, the date and the GPS position where a phone photo was taken), XMP, IPTC,
 * PNG text chunks, GIF comments. The storefront serves the original at its plain address (the
 * lightbox, Open Graph, structured data), so whatever it carries reaches every visitor and
 * crawler.
 *
 * An image that carries none is left byte for byte as it is. One that does is saved again with
 * sharp in its own format: turned the way its EXIF orientation says first (the tag goes with the
 * rest, and the picture must not end up sideways), its ICC colour profile kept (so its colours do
 * not shift), a JPEG at quality 92 with its own chroma subsampling, a PNG losslessly (a palette
 * PNG keeps its palette), a lossless WebP losslessly and a lossy one at quality 92. A GIF's
 * comment and XMP blocks are cut out without touching its frames (gif-metadata.ts).
 *
 * An animated WebP keeps its frames, but is not turned: sharp cannot turn an animation, and
 * animations do not come from cameras.
 */
import sharp, { type Metadata, type Sharp } from 'sharp';
import { gifWithoutMetadata } from './gif-metadata.ts';
import { DECODE, TooManyPixelsError } from './image-copies.ts';

/** High enough that the original, which the lightbox zooms into, shows no loss a visitor could see. */
const ORIGINAL_QUALITY = 92;

function carriesMetadata(meta: Metadata): boolean {
  return Boolean(meta.exif || meta.xmp || meta.iptc || meta.tifftagPhotoshop || (meta.comments?.length ?? 0) > 0 || (meta.orientation ?? 1) !== 1);
}

/** Whether a WebP's (first) picture is stored losslessly, a VP8L chunk rather than VP8. */
function isLosslessWebp(bytes: Buffer): boolean {
  let at = 12;
  while (at + 8 <= bytes.length) {
    const chunk = bytes.toString('latin1', at, at + 4);
    if (chunk === 'VP8L') return true;
    if (chunk === 'VP8 ') return false;
    const size = bytes.readUInt32LE(at + 4);
    // an animation frame's own chunks follow its 16-byte header
    at += chunk === 'ANMF' ? 8 + 16 : 8 + size + (size % 2);
  }
  return false;
}

function encoded(image: Sharp, extension: string, meta: Metadata, bytes: Buffer): Sharp {
  if (extension === 'png') return image.png({ compressionLevel: 9, palette: meta.isPalette });
  if (extension === 'webp') return image.webp(isLosslessWebp(bytes) ? { lossless: true } : { quality: ORIGINAL_QUALITY });
  const subsampling = meta.chromaSubsampling?.startsWith('4:4:4') ? '4:4:4' : '4:2:0';
  return image.jpeg({ quality: ORIGINAL_QUALITY, chromaSubsampling: subsampling, progressive: meta.isProgressive });
}

/** Runs the decoding and saving again of an image that carries metadata; by default at once. */
export type ImageEncoding = <T>(encode: () => Promise<T>) => Promise<T>;

/**
 * The image (`extension` jpg, png, gif or webp, as its content says) without its metadata, or
 * undefined when it carries none. Throws TooManyPixelsError past MAX_IMAGE_PIXELS, otherwise the
 * decoder's error for bytes it cannot read. Only the saving again goes through `inTurn` (the
 * header read that finds an image clean takes no memory worth a turn: image-work.ts).
 */
export async function imageWithoutMetadata(bytes: Buffer, extension: string, inTurn: ImageEncoding = (encode) => encode()): Promise<Buffer | undefined> {
  if (extension === 'gif') {
    const stripped = gifWithoutMetadata(bytes);
    return stripped === bytes ? undefined : stripped;
  }
  const meta = await sharp(bytes, DECODE).metadata();
  if (!carriesMetadata(meta)) return undefined;
  const animated = (meta.pages ?? 1) > 1;
  try {
    return await inTurn(() => encoded(sharp(bytes, { ...DECODE, animated, autoOrient: !animated }).keepIccProfile(), extension, meta, bytes).toBuffer());
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new TooManyPixelsError();
    throw error;
  }
}
