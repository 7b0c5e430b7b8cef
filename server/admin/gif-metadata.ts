/**
 * A GIF without the blocks that carry words rather than pictures: comment extensions and the
 * application extensions other programs add (XMP, an editor's own data). The picture blocks are
 * copied byte for byte, so an animation keeps every frame, delay, transparency and its loop
 * count. sharp could re-encode a GIF instead, but that quantizes its colours again and can change
 * how frames are drawn; it does not even report a GIF's comments or XMP.
 */

/** Application extensions that are part of the picture: the loop count (two spellings) and a colour profile. */
const KEPT_APPLICATIONS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0', 'ICCRGBG1012']);

const EXTENSION = 0x21;
const IMAGE = 0x2c;
const TRAILER = 0x3b;
const GRAPHIC_CONTROL = 0xf9;
const PLAIN_TEXT = 0x01;
const APPLICATION = 0xff;

/** A GIF whose blocks do not follow one another as the format says. */
export class MalformedGifError extends Error {}

/** Size of a colour table announced by a packed byte (its flag in bit 7, its size in bits 0–2). */
function colourTableBytes(packed: number): number {
  return packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0;
}

/** The offset just past the data sub-blocks starting at `at` (each a length byte, a zero ends them). */
function pastSubBlocks(bytes: Buffer, at: number): number {
  let next = at;
  while (next < bytes.length && bytes[next] !== 0) next += 1 + bytes[next]!;
  if (next >= bytes.length) throw new MalformedGifError('a GIF block runs past the end of the file');
  return next + 1;
}

function keepsExtension(bytes: Buffer, at: number): boolean {
  const label = bytes[at + 1];
  if (label === GRAPHIC_CONTROL || label === PLAIN_TEXT) return true;
  if (label !== APPLICATION || bytes[at + 2] !== 11) return false;
  return KEPT_APPLICATIONS.has(bytes.toString('latin1', at + 3, at + 14));
}

/**
 * The GIF without its comment and foreign application blocks, nor anything after its trailer;
 * the same Buffer when there is nothing to remove. Throws MalformedGifError for bytes that are
 * not laid out as a GIF.
 */
export function gifWithoutMetadata(bytes: Buffer): Buffer {
  if (bytes.length < 13 || !/^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6))) throw new MalformedGifError('not a GIF');
  const kept: Buffer[] = [];
  let keptFrom = 0;
  let dropped = false;
  const drop = (from: number, to: number): void => {
    kept.push(bytes.subarray(keptFrom, from));
    keptFrom = to;
    dropped = true;
  };
  let at = 13 + colourTableBytes(bytes[10]!);
  for (;;) {
    // a GIF that ends after a whole block without its trailer is shown by browsers: kept so
    if (at >= bytes.length) break;
    const introducer = bytes[at];
    if (introducer === TRAILER) {
      if (at + 1 < bytes.length) drop(at + 1, bytes.length);
      break;
    }
    if (introducer === IMAGE) {
      if (at + 11 > bytes.length) throw new MalformedGifError('a GIF frame cut short');
      // descriptor (10 bytes), its colour table, the LZW code size, then the pixel data
      at = pastSubBlocks(bytes, at + 10 + colourTableBytes(bytes[at + 9]!) + 1);
    } else if (introducer === EXTENSION && at + 2 < bytes.length) {
      const end = pastSubBlocks(bytes, at + 2);
      if (!keepsExtension(bytes, at)) drop(at, end);
      at = end;
    } else {
      throw new MalformedGifError('an unknown GIF block');
    }
  }
  if (!dropped) return bytes;
  kept.push(bytes.subarray(keptFrom, Math.max(keptFrom, at + 1)));
  return Buffer.concat(kept);
}
