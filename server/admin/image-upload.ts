import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import multer from 'multer';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from '../../client/lib/image-upload-limits.ts';
import type { AppOptions } from '../deps.ts';
import { fillMessage } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { fieldError } from './admin-validation.ts';
import { imageDimensions } from './image-dimensions.ts';
import { imageWithoutMetadata } from './image-metadata.ts';
import { multipartFile } from './multipart-body.ts';
import { MAX_ALT_TEXT_LENGTH } from './product-input.ts';
import {
  copyWidths, isResizedUpload, makeImageCopies, MAX_IMAGE_PIXELS, readImageFacts, removeImageCopies, TooManyPixelsError, writeWhole,
} from './image-copies.ts';
import { isFileSystemError } from './upload-folder-faults.ts';
import { newUploadName, UPLOAD_EXTENSIONS, UPLOADS_URL } from './upload-names.ts';
import { imageColorData } from './image-color-data.ts';
import type { ColorData } from '../db/color-data-column.ts';

export { UPLOADS_URL };

/**
 * The bytes a text field beside the image may have: the alt text's characters at 4 bytes each,
 * the most UTF-8 takes for one, so an alt text within its limit in any script is read whole.
 */
const FIELD_BYTES = MAX_ALT_TEXT_LENGTH * 4;

/**
 * Reads one multipart file field named "image" into memory, at most MAX_IMAGE_BYTES: a bigger
 * one ends the upload with 413 as its bytes arrive, before anything decodes or stores it.
 */
export function imageUploadBody(): RequestHandler {
  // multer takes a file of exactly fileSize and refuses a byte more, as the editor does
  return multipartFile('image', { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, fieldSize: FIELD_BYTES, parts: 6 });
}

/** Multer's refusals as the admin's answers: too large is 413, a text field too long 400 saying so, any other malformed upload 400. */
export const uploadErrors: ErrorRequestHandler = (err, _req, _res, next) => {
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') {
      next(new HttpError(413, IMAGE_TOO_LARGE, { fieldErrors: { image: IMAGE_TOO_LARGE } }));
      return;
    }
    if (err.code === 'LIMIT_FIELD_VALUE') {
      // past FIELD_BYTES a field has more characters than the alt text may: said as a longer alt text is
      next(fieldError(err.field ?? 'altText', fillMessage(ADMIN.server.tooLong, { max: MAX_ALT_TEXT_LENGTH })));
      return;
    }
    next(new HttpError(400, ADMIN.server.imageMissing, { fieldErrors: { image: ADMIN.server.imageMissing } }));
    return;
  }
  next(err);
};

export interface StoredImage {
  assetUrl: string;
  originalSize: string;
  contentType: string;
  byteSize: number;
  /** The widths of the resized copies made, smallest first (none for a GIF or an animated image). */
  copyWidths: number[];
  /** Its colours as the platform gives them (image-color-data.ts). */
  colorData: ColorData;
  /** Removes the file again (when the database write fails). */
  remove(): void;
}

function tooManyPixels(width: number, height: number): HttpError {
  const message = fillMessage(ADMIN.server.imageTooManyPixels, { max: MAX_IMAGE_PIXELS / 1_000_000, width, height });
  return new HttpError(413, message, { fieldErrors: { image: message } });
}

/**
 * Checks that the bytes are an image by their content (never the name or the declared type),
 * reads its size (as shown, after its EXIF orientation), refuses one of more than
 * MAX_IMAGE_PIXELS (413), writes it under the uploads folder with a random name, without its
 * metadata (image-metadata.ts), and makes its resized copies beside it (image-copies.ts); pixels
 * that do not decode are refused (400) and nothing is kept. A write the folder refuses (a full
 * disk, a read-only folder) leaves nothing either and throws the file system's error as it is,
 * for the route to answer as the server's fault (upload-folder-faults.ts).
 *
 * The metadata goes before the file is written, not as it is served: the owner's GPS position
 * then never reaches the disk, a backup or anything else that reads the uploads folder, and
 * serving stays a plain file (images stored before this are cleaned on their first request,
 * clean-uploads.ts).
 */
export async function storeImage(dir: string, bytes: Buffer): Promise<StoredImage> {
  const sniffed = await fileTypeFromBuffer(bytes);
  const extension = sniffed ? UPLOAD_EXTENSIONS[sniffed.mime] : undefined;
  if (!sniffed || !extension) throw new HttpError(415, ADMIN.server.notAnImage, { fieldErrors: { image: ADMIN.server.notAnImage } });
  const unreadable = new HttpError(400, ADMIN.server.imageUnreadable, { fieldErrors: { image: ADMIN.server.imageUnreadable } });
  const header = imageDimensions(bytes, sniffed.mime);
  if (!header || header.width === 0 || header.height === 0) throw unreadable;
  // the header's own size first: a picture too large to decode is refused before sharp reads it
  if (header.width * header.height > MAX_IMAGE_PIXELS) throw tooManyPixels(header.width, header.height);
  const size = await readImageFacts(bytes).catch((error: unknown) => {
    throw error instanceof TooManyPixelsError ? tooManyPixels(header.width, header.height) : unreadable;
  });
  const undecodable = (error: unknown): HttpError => error instanceof TooManyPixelsError
    ? tooManyPixels(header.width, header.height)
    : new HttpError(400, ADMIN.server.imageUndecodable, { fieldErrors: { image: ADMIN.server.imageUndecodable } });
  const stored = await imageWithoutMetadata(bytes, extension).then((cleaned) => cleaned ?? bytes, (error: unknown) => {
    throw undecodable(error);
  });
  const name = newUploadName(extension);
  const path = join(dir, name);
  const remove = (): void => {
    rmSync(path, { force: true });
    removeImageCopies(dir, name);
  };
  let widths: number[];
  let colorData: ColorData;
  try {
    mkdirSync(dir, { recursive: true });
    // under a temporary name until whole: a full disk or a killed process never leaves half an image under its name
    await writeWhole(path, name, dir, stored);
    widths = await makeImageCopies(dir, name, bytes);
    colorData = await imageColorData(stored);
  } catch (error) {
    remove();
    // the folder's own failure (a full disk, a read-only folder) is the server's, not the image's (upload-folder-faults.ts)
    throw isFileSystemError(error) ? error : undecodable(error);
  }
  return {
    assetUrl: `${UPLOADS_URL}${name}`,
    originalSize: `${size.width}x${size.height}`,
    contentType: sniffed.mime,
    byteSize: stored.length,
    copyWidths: widths,
    colorData,
    remove,
  };
}

/** Deletes the file behind an uploaded image's URL and its resized copies (images from the theme are left alone). */
export function removeUploadedImage(dir: string, assetUrl: string): void {
  if (!assetUrl.startsWith(UPLOADS_URL)) return;
  const name = assetUrl.slice(UPLOADS_URL.length);
  if (!/^[0-9a-f]{24}\.[a-z]+$/.test(name)) return;
  rmSync(join(dir, name), { force: true });
  removeImageCopies(dir, name);
}

/** A product image as stored: its URL, "WIDTHxHEIGHT", and the copy widths recorded (null when none were). */
export interface ImageCopiesRecord {
  assetUrl: string;
  originalSize: string;
  copyWidths: readonly number[] | null;
}

/**
 * The widths of the resized copies an image has, smallest first: those recorded at upload (or
 * when made on request); for an image uploaded before they were recorded, the widths its size
 * gets (made at upload, or on a width's first request, which answers the original meanwhile and
 * then records them: none for an animated WebP). None for the theme's pictures or a GIF.
 */
export function uploadCopyWidths(image: ImageCopiesRecord): number[] {
  if (!image.assetUrl.startsWith(UPLOADS_URL) || !isResizedUpload(image.assetUrl.slice(UPLOADS_URL.length))) return [];
  if (image.copyWidths) return [...image.copyWidths];
  const size = /^(\d+)x\d+$/.exec(image.originalSize);
  return size ? copyWidths(Number(size[1])) : [];
}

/**
 * The platform's `systemDataVariants` of an uploaded image ("3000x2000,100w,300w,…,2500w": its
 * size, then the widths of its copies), which the engine's `image-srcset` formatter lists as
 * `?format=Nw` candidates; undefined for a picture without copies (the theme's, a GIF, an
 * animated WebP, one narrower than 100 px) or of unknown size.
 */
export function uploadVariants(image: ImageCopiesRecord): string | undefined {
  const size = /^\d+x\d+$/.exec(image.originalSize);
  const widths = uploadCopyWidths(image);
  return size && widths.length > 0 ? [size[0], ...widths.map((width) => `${width}w`)].join(',') : undefined;
}
