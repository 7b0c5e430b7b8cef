/**
 * The names of the files in the uploads folder: the store names every uploaded image and its
 * resized copies here, and /uploads/ serves those names alone (uploads-served.ts). Anything else
 * put in the folder (a subfolder, a database, a link to elsewhere) is never answered.
 */
import { randomBytes } from 'node:crypto';

/** URL prefix the uploaded images are served under. */
export const UPLOADS_URL = '/uploads/';

/** The platform's image widths (`?format=100w` …), smallest first: the resized copies made of an original. */
export const COPY_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;

/** The extension an uploaded image is stored with, by the type its bytes show. */
export const UPLOAD_EXTENSIONS: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

const RANDOM_BYTES = 12;
const RANDOM_PART = `[0-9a-f]{${RANDOM_BYTES * 2}}`;
const EXTENSION = `(?:${Object.values(UPLOAD_EXTENSIONS).join('|')})`;
/** An uploaded original's file name: 24 hex digits and the extension of its type. */
const ORIGINAL_NAME = new RegExp(`^${RANDOM_PART}\\.${EXTENSION}$`);
/** An original's name or one of its copies' (`3f…a1.300w.jpg`). */
const SERVED_NAME = new RegExp(`^${RANDOM_PART}(?:\\.(?:${COPY_WIDTHS.join('|')})w)?\\.${EXTENSION}$`);

/** A fresh name for an original of `extension` (one of UPLOAD_EXTENSIONS): random, nothing from the upload. */
export function newUploadName(extension: string): string {
  return `${randomBytes(RANDOM_BYTES).toString('hex')}.${extension}`;
}

/** `3f…a1.jpg` at 300 → `3f…a1.300w.jpg`. */
export function copyName(name: string, width: number): string {
  const dot = name.lastIndexOf('.');
  return `${name.slice(0, dot)}.${width}w${name.slice(dot)}`;
}

/** True for the file name of an uploaded original (not one of its copies). */
export function isUploadedOriginal(name: string): boolean {
  return ORIGINAL_NAME.test(name);
}

/** True for a name the store gives an uploaded image or one of its copies: the only names /uploads/ serves. */
export function isUploadName(name: string): boolean {
  return SERVED_NAME.test(name);
}
