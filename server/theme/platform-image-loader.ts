/**
 * The text of the platform's `ImageLoader` as the page carries it (platform-image-loader.js): read
 * once, its whole-line comments and indentation left out, since every page of a folder with scripts
 * carries it inline.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// joined as a path: a page-like test environment (jsdom) resolves `new URL(…, import.meta.url)` as a web address
const SOURCE_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'platform-image-loader.js');

/** The script's lines without the comment lines and the indentation, which the page does not need. */
export function pageScriptText(source: string): string {
  const text = source
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//'))
    .join('\n');
  // inside a script element these would end it early or change how the rest of the page is read
  if (/<\/script|<!--|<script/i.test(text)) throw new Error('platform-image-loader.js holds text a script element cannot carry');
  return text;
}

/** The ImageLoader's code, defining `window.ImageLoader` only where the page has none. */
export const IMAGE_LOADER_SCRIPT = pageScriptText(readFileSync(SOURCE_PATH, 'utf8'));
