import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import multer from 'multer';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import type { AppOptions } from '../deps.ts';
import { fillMessage } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { imageDimensions } from './image-dimensions.ts';

/** Largest image the admin accepts. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** URL prefix the uploaded images are served under. */
export const UPLOADS_URL = '/uploads/';

const IMAGE_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * Where uploaded images live: options.uploadsDir, else an uploads folder beside the SQLite file
 * (the data directory); a store without a file of its own (in memory, or PostgreSQL without
 * UPLOADS_DIR) uses data/uploads.
 */
export function uploadsDir(options: AppOptions): string {
  if (options.uploadsDir) return options.uploadsDir;
  if (!options.databaseUrl && options.databasePath !== ':memory:') return join(dirname(options.databasePath), 'uploads');
  return options.databaseUrl ? join('data', 'uploads') : join(tmpdir(), 'storefront-uploads');
}

/**
 * Reads one multipart file field named "image" into memory, at most MAX_IMAGE_BYTES: a bigger
 * one ends the upload with 413 before anything is stored.
 */
export function imageUploadBody(): RequestHandler {
  return multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  }).single('image');
}

/** Multer's refusals as the admin's answers: too large is 413, any other malformed upload 400. */
export const uploadErrors: ErrorRequestHandler = (err, _req, _res, next) => {
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') {
      next(new HttpError(413, fillMessage(ADMIN.server.imageTooLarge, { max: MAX_IMAGE_BYTES / 1024 / 1024 }), { fieldErrors: { image: fillMessage(ADMIN.server.imageTooLarge, { max: MAX_IMAGE_BYTES / 1024 / 1024 }) } }));
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
  /** Removes the file again (when the database write fails). */
  remove(): void;
}

/**
 * Checks that the bytes are an image by their content (never the name or the declared type),
 * reads its size and writes it under the uploads folder with a random name.
 */
export async function storeImage(dir: string, bytes: Buffer): Promise<StoredImage> {
  const sniffed = await fileTypeFromBuffer(bytes);
  const extension = sniffed ? IMAGE_TYPES[sniffed.mime] : undefined;
  if (!sniffed || !extension) throw new HttpError(415, ADMIN.server.notAnImage, { fieldErrors: { image: ADMIN.server.notAnImage } });
  const size = imageDimensions(bytes, sniffed.mime);
  if (!size || size.width === 0 || size.height === 0) throw new HttpError(400, ADMIN.server.imageUnreadable, { fieldErrors: { image: ADMIN.server.imageUnreadable } });
  mkdirSync(dir, { recursive: true });
  const name = `${randomBytes(12).toString('hex')}.${extension}`;
  const path = join(dir, name);
  writeFileSync(path, bytes, { flag: 'wx' });
  return {
    assetUrl: `${UPLOADS_URL}${name}`,
    originalSize: `${size.width}x${size.height}`,
    contentType: sniffed.mime,
    byteSize: bytes.length,
    remove: () => rmSync(path, { force: true }),
  };
}

/** Deletes the file behind an uploaded image's URL (images from the theme are left alone). */
export function removeUploadedImage(dir: string, assetUrl: string): void {
  if (!assetUrl.startsWith(UPLOADS_URL)) return;
  const name = assetUrl.slice(UPLOADS_URL.length);
  if (/^[0-9a-f]{24}\.[a-z]+$/.test(name)) rmSync(join(dir, name), { force: true });
}
