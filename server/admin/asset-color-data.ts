import { join } from 'node:path';
import { TEMPLATES_DIR } from '../pages/template-store.ts';
import type { ColorData } from '../db/color-data-column.ts';
import { UPLOADS_URL } from './image-upload.ts';
import { imageColorData } from './image-color-data.ts';
import { isUploadedOriginal } from './upload-names.ts';

const THEME_URL = '/theme/';
const THEME_FILE = /^[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/i;

/** The file behind an image's address: an upload in the uploads folder, or the theme's own picture (/theme/… from templates/assets). */
export function assetFile(assetUrl: string, uploadsDir: string): string | null {
  if (assetUrl.startsWith(UPLOADS_URL)) {
    const name = assetUrl.slice(UPLOADS_URL.length);
    return isUploadedOriginal(name) ? join(uploadsDir, name) : null;
  }
  if (assetUrl.startsWith(THEME_URL)) {
    const rest = assetUrl.slice(THEME_URL.length);
    // never a way out of the theme's assets
    return THEME_FILE.test(rest) && !rest.split('/').includes('..') ? join(TEMPLATES_DIR, 'assets', rest) : null;
  }
  return null;
}

/** The theme's pictures' colours, read once a process: the seed of every new store (and test) asks for the same few. */
const themeColors = new Map<string, Promise<ColorData | null>>();

/** The colours of the image at an address; null when its file is missing or does not decode (its colours stay unknown). */
export function assetColorData(assetUrl: string, uploadsDir: string): Promise<ColorData | null> {
  const file = assetFile(assetUrl, uploadsDir);
  if (file === null) return Promise.resolve(null);
  const read = (): Promise<ColorData | null> => imageColorData(file).catch(() => null);
  if (!assetUrl.startsWith(THEME_URL)) return read();
  let kept = themeColors.get(assetUrl);
  if (kept === undefined) {
    kept = read();
    themeColors.set(assetUrl, kept);
  }
  return kept;
}
