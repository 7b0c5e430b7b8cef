/**
 * The client build's manifest: island name → hashed asset URL. The server reads
 * it to put the hydration loader (and the islands a page uses) into pages.
 */
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** Where the build writes its assets and where the server serves them from. */
export const CLIENT_DIST_DIR = fileURLToPath(new URL('../dist/client/', import.meta.url));
export const CLIENT_MANIFEST_PATH = path.join(CLIENT_DIST_DIR, 'manifest.json');
/** URL prefix the server mounts CLIENT_DIST_DIR on. */
export { CLIENT_ASSET_BASE } from './lib/asset-base.ts';
/** Manifest keys that are not islands. */
export const LOADER_KEY = 'hydrate';
export const STYLES_KEY = 'styles.css';
/** The admin at /config: an entry of its own, which storefront pages never load. */
export const ADMIN_SCRIPT_KEY = 'admin';
export const ADMIN_STYLES_KEY = 'admin.css';
/** The chunk of a language's translation (client/lib/messages/load-translation.ts), by language: `language:de`. */
export function languageKey(language: string): string {
  return `language:${language}`;
}

let cached: { mtimeMs: number; manifest: Record<string, string> } | null = null;

/** Reads the manifest (re-read when the file changes); empty when no build exists yet. */
export function readClientManifest(): Record<string, string> {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(CLIENT_MANIFEST_PATH).mtimeMs;
  } catch {
    return {};
  }
  if (cached && cached.mtimeMs === mtimeMs) return cached.manifest;
  const parsed: unknown = JSON.parse(readFileSync(CLIENT_MANIFEST_PATH, 'utf8'));
  const manifest: Record<string, string> = {};
  if (typeof parsed === 'object' && parsed !== null) {
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value === 'string') manifest[key] = value;
    }
  }
  cached = { mtimeMs, manifest };
  return manifest;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The tags a page needs for its islands: the stylesheet, a modulepreload per
 * island used and for the translation of the page's language (none for English),
 * and the loader (with the page's CSP nonce when one is given). Pages without
 * islands get only the stylesheet.
 */
export function clientAssetTags(islandNames: readonly string[], manifest: Record<string, string> = readClientManifest(), nonce?: string, language = 'en'): string {
  const tags: string[] = [];
  const styles = manifest[STYLES_KEY];
  if (styles) tags.push(`<link rel="stylesheet" href="${escapeAttribute(styles)}">`);
  const loader = manifest[LOADER_KEY];
  if (loader && islandNames.length > 0) {
    for (const name of new Set(islandNames)) {
      const url = manifest[name];
      if (url) tags.push(`<link rel="modulepreload" href="${escapeAttribute(url)}">`);
    }
    // fetched beside the islands rather than after the loader asks for it: the islands wait for it
    const words = manifest[languageKey(language)];
    if (words) tags.push(`<link rel="modulepreload" href="${escapeAttribute(words)}">`);
    const nonceAttribute = nonce === undefined ? '' : ` nonce="${escapeAttribute(nonce)}"`;
    tags.push(`<script type="module"${nonceAttribute} src="${escapeAttribute(loader)}"></script>`);
  }
  return tags.join('\n');
}
