/**
 * Resized copies of the uploaded images, so a phone gets a picture its size rather than the
 * owner's original. They are made once, when the image is uploaded, at the platform's widths
 * (`?format=100w` … `2500w`) not larger than the original, and kept beside it as
 * `<name>.<width>w.<ext>` (`3f…a1.300w.jpg`). `?format=Nw` serves the nearest copy at least N
 * wide, else the original. A copy has the original's format (JPEG, PNG or WebP), is turned the
 * way the EXIF orientation says and carries no metadata (no EXIF, GPS, XMP, IPTC or ICC
 * profile; colours converted to sRGB). GIFs and animated WebP images get no copies: every
 * `?format=` of them serves the original.
 *
 * Images uploaded before copies existed get theirs on the first `?format=` request of them,
 * once, one image at a time in the background, in turn with the process's other image work
 * (image-work.ts); that request, and any until the copies are written, gets the original as
 * before.
 *
 * The widths made are recorded with the image (at upload, or when made on request), so the
 * pages' srcset lists only copies there are (image-upload.ts `uploadCopyWidths`).
 */
import { rmSync } from 'node:fs';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import sharp, { type Sharp } from 'sharp';
import { serverMessages } from '../messages.ts';
import { imageWork } from './image-work.ts';
import { partialDone, partialPath, partialStarted } from './partial-files.ts';
import { COPY_WIDTHS, copyName, isUploadedOriginal } from './upload-names.ts';

/** Largest picture the store decodes: 50 megapixels (an 8660 × 5773 photo), about 200 MB of pixels. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** The formats that get copies; GIFs (often animated) are served as uploaded. */
const RESIZED = new Set(['jpg', 'png', 'webp']);
/** `?format=Nw`, N a whole number of pixels. */
const FORMAT_WIDTH = /^([1-9][0-9]{0,4})w$/;

/** How every uploaded image is decoded: within MAX_IMAGE_PIXELS, refusing pixels that do not decode. */
export const DECODE = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' } as const;

/** The copy widths of an image `width` pixels wide (as shown, after its EXIF orientation). */
export function copyWidths(width: number): number[] {
  return COPY_WIDTHS.filter((copy) => copy <= width);
}

function extensionOf(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}

/** True for the file name of an uploaded original that gets copies (not a GIF). */
export function isResizedUpload(name: string): boolean {
  return isUploadedOriginal(name) && RESIZED.has(extensionOf(name));
}

/** An image's pixels are more than the store decodes. */
export class TooManyPixelsError extends Error {}

/** Width and height as shown (EXIF orientation applied), whether it has more than one frame, and a palette. */
export interface ImageFacts {
  width: number;
  height: number;
  animated: boolean;
  palette: boolean;
}

/** Reads the header with sharp: throws TooManyPixelsError past MAX_IMAGE_PIXELS, sharp's error when unreadable. */
export async function readImageFacts(bytes: Buffer): Promise<ImageFacts> {
  const meta = await sharp(bytes, DECODE).metadata();
  if (meta.width * (meta.pageHeight ?? meta.height) > MAX_IMAGE_PIXELS) throw new TooManyPixelsError();
  return { width: meta.autoOrient.width, height: meta.autoOrient.height, animated: (meta.pages ?? 1) > 1, palette: meta.isPalette };
}

function encoded(image: Sharp, extension: string, palette: boolean): Sharp {
  if (extension === 'png') return image.png({ compressionLevel: 9, palette });
  if (extension === 'webp') return image.webp({ quality: 80 });
  return image.jpeg({ quality: 80, progressive: true });
}

/**
 * Writes through a hidden temporary file (partial-files.ts), so a half-written original or copy is
 * never served, and one a killed process left is known by its name.
 */
export async function writeWhole(path: string, name: string, dir: string, bytes: Buffer): Promise<void> {
  const temporary = partialPath(dir, name);
  partialStarted(temporary);
  try {
    await writeFile(temporary, bytes, { flag: 'wx' });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  } finally {
    partialDone(temporary);
  }
}

/**
 * Makes the copies of the original `name` (its bytes given) in `dir`: one per width in
 * copyWidths, none for a GIF or an animated image. Answers the widths written. Throws
 * TooManyPixelsError past MAX_IMAGE_PIXELS, or sharp's error for pixels it cannot decode
 * (having removed any copy it wrote).
 *
 * The original is decoded once, turned and shrunk to the widest copy; each narrower copy is
 * shrunk from the pixels of the one before (a 3000 × 2000 photo's seven copies take about a
 * second rather than three).
 */
export async function makeImageCopies(dir: string, name: string, bytes: Buffer): Promise<number[]> {
  if (!isResizedUpload(name)) return [];
  const facts = await readImageFacts(bytes);
  if (facts.animated) return [];
  const widths = copyWidths(facts.width).reverse();
  if (widths.length === 0) return [];
  try {
    let pixels = await sharp(bytes, { ...DECODE, autoOrient: true }).resize({ width: widths[0] }).raw().toBuffer({ resolveWithObject: true });
    for (const width of widths) {
      const raw = { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels };
      if (width < raw.width) pixels = await sharp(pixels.data, { raw }).resize({ width }).raw().toBuffer({ resolveWithObject: true });
      const shrunk = { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels };
      const output = await encoded(sharp(pixels.data, { raw: shrunk }), extensionOf(name), facts.palette).toBuffer();
      await writeWhole(join(dir, copyName(name, width)), copyName(name, width), dir, output);
    }
  } catch (error) {
    removeImageCopies(dir, name);
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new TooManyPixelsError();
    throw error;
  }
  return widths.reverse();
}

/** Deletes every copy of the original `name` (those there are). */
export function removeImageCopies(dir: string, name: string): void {
  if (!isUploadedOriginal(name)) return;
  for (const width of COPY_WIDTHS) rmSync(join(dir, copyName(name, width)), { force: true });
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The nearest copy at least `wanted` wide there is, if any. */
async function nearestCopy(dir: string, name: string, wanted: number): Promise<string | undefined> {
  for (const width of COPY_WIDTHS) {
    if (width < wanted) continue;
    const copy = copyName(name, width);
    if (await isFile(join(dir, copy))) return copy;
  }
  return undefined;
}

export interface ResizedUploadsOptions {
  log: Logger;
  /** Make the missing copies of images uploaded before copies existed (off for a read-only store). */
  makeMissing: boolean;
  /** Records the widths of the copies made of an original (none for an animated WebP), so its srcset lists only those. */
  recordCopies?: (name: string, widths: number[]) => Promise<void>;
}

/**
 * Before the uploads' static files: `?format=Nw` of an original that has copies points the
 * request at the nearest copy at least N wide; with none that wide, at the original. An original
 * without any copy is queued to get them, once per process (only originals that exist are
 * remembered, so made-up names cost a stat and nothing more), and the widths made are recorded.
 */
export function resizedUploads(dir: string, options: ResizedUploadsOptions): RequestHandler {
  const looked = new Set<string>();
  const copiesLine = imageWork.backgroundLine();

  const makeMissing = (name: string): void => {
    void copiesLine(async () => {
      const original = join(dir, name);
      try {
        const bytes = await readFile(original);
        const widths = await makeImageCopies(dir, name, bytes);
        // an image deleted while its copies were being made takes them along
        if (!(await isFile(original))) {
          removeImageCopies(dir, name);
          return;
        }
        if (widths.length > 0) options.log.info({ image: name, widths }, 'image copies made');
        await recordCopies(name, widths);
      } catch (error) {
        options.log.warn({ image: name, reason: error instanceof Error ? error.message : String(error) }, 'image copies not made');
      }
    });
  };

  /** The copies are served whether or not they could be recorded (the database away): that is only said. */
  const recordCopies = async (name: string, widths: number[]): Promise<void> => {
    try {
      await options.recordCopies?.(name, widths);
    } catch (error) {
      options.log.warn({ image: name, widths, reason: error instanceof Error ? error.message : String(error) }, serverMessages.uploadCopiesNotRecordedLog);
    }
  };

  return (req, _res, next) => {
    const format = req.query.format;
    const wanted = typeof format === 'string' ? FORMAT_WIDTH.exec(format) : null;
    const name = req.path.slice(1);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !wanted || !isResizedUpload(name)) {
      next();
      return;
    }
    void (async () => {
      const copy = await nearestCopy(dir, name, Number(wanted[1]));
      if (copy) {
        req.url = `/${copy}`;
      } else if (options.makeMissing && !looked.has(name) && !(await isFile(join(dir, copyName(name, COPY_WIDTHS[0])))) && (await isFile(join(dir, name)))) {
        looked.add(name);
        makeMissing(name);
      }
    })().then(() => next(), next);
  };
}
