/**
 * A GIF's comment and foreign application blocks are cut out, its picture blocks (frames, loop
 * count, colour profile) kept byte for byte; a GIF with nothing to cut is the same Buffer, one
 * that ends after a whole block without its trailer is kept as browsers show it, and one whose
 * blocks run past its end is refused.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { gifWithoutMetadata, MalformedGifError } from '../../../server/admin/gif-metadata.ts';

async function twoFrames(): Promise<Buffer> {
  const frame = (colour: string) => sharp({ create: { width: 8, height: 6, channels: 3, background: colour } }).png().toBuffer();
  return sharp([await frame('#ff0000'), await frame('#00ff00')], { join: { animated: true } }).gif({ delay: [50, 50], loop: 3 }).toBuffer();
}

function extension(label: number, ...blocks: Buffer[]): Buffer {
  return Buffer.concat([Buffer.from([0x21, label]), ...blocks.flatMap((block) => [Buffer.from([block.length]), block]), Buffer.from([0])]);
}

describe('gifWithoutMetadata', () => {
  it('answers the same Buffer for a GIF with nothing to remove', async () => {
    const gif = await twoFrames();
    expect(gifWithoutMetadata(gif)).toBe(gif);
  });

  it('cuts comments and foreign application blocks wherever they are, keeping the loop and a colour profile', async () => {
    const gif = await twoFrames();
    const profile = extension(0xff, Buffer.from('ICCRGBG1012', 'latin1'), Buffer.from('not really a profile', 'latin1'));
    const comment = extension(0xfe, Buffer.from('shot at home', 'latin1'));
    const editor = extension(0xff, Buffer.from('MGK8BIM0000', 'latin1'), Buffer.from('camera serial 4417', 'latin1'));
    const firstFrame = gif.indexOf(Buffer.from([0x21, 0xf9]));
    const trailer = gif.length - 1;
    const dirty = Buffer.concat([gif.subarray(0, firstFrame), profile, comment, gif.subarray(firstFrame, trailer), editor, gif.subarray(trailer)]);
    const clean = gifWithoutMetadata(dirty);
    expect(clean.equals(Buffer.concat([gif.subarray(0, firstFrame), profile, gif.subarray(firstFrame)]))).toBe(true);
    expect((await sharp(clean).metadata()).loop).toBe(3);
  });

  it('keeps a GIF that ends after a whole block without its trailer, and refuses one cut inside a block', async () => {
    const gif = await twoFrames();
    const noTrailer = gif.subarray(0, gif.length - 1);
    expect(gifWithoutMetadata(noTrailer)).toBe(noTrailer);
    expect(() => gifWithoutMetadata(gif.subarray(0, gif.length - 8))).toThrow(MalformedGifError);
    expect(() => gifWithoutMetadata(Buffer.from('GIF89a but not one'))).toThrow(MalformedGifError);
  });
});
