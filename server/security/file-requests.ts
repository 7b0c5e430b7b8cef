/**
 * Requests for the files pages load (scripts, stylesheets, pictures, uploads, robots.txt, the
 * sitemap): the same bytes for every visitor, with no form to protect. They get no crumb cookies,
 * so a cache in front of the store (a CDN) may keep them, and never hands one visitor's crumb
 * secret to the next.
 */
import type { Request, RequestHandler } from 'express';
import { CLIENT_ASSET_BASE } from '../../client/lib/asset-base.ts';
import { UPLOADS_URL } from '../admin/image-upload.ts';
import { DOWNLOAD_PATH } from '../commerce/download-grants.ts';
import { SCRIPTS_URL_BASE } from '../theme/script-loader.ts';
import { STYLESHEET_PATH } from '../theme/folder-styles.ts';
import { SOCIAL_ICON_SPRITE_PATH } from '../theme/social-icon-sprite.ts';

/** Folders of files (every path here lower-case, as isFileRequest compares them): the client bundle and a template folder's assets (/assets/), the theme's (/theme/), uploads, scripts. */
const FILE_FOLDERS = [CLIENT_ASSET_BASE, '/theme/', UPLOADS_URL, SCRIPTS_URL_BASE];
const FILES = new Set([STYLESHEET_PATH, SOCIAL_ICON_SPRITE_PATH, '/favicon.ico', '/robots.txt', '/sitemap.xml']);

export function isFileRequest(req: Pick<Request, 'method' | 'path'>): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  // as Express routes them: in any case, with a trailing slash (/ROBOTS.TXT, /robots.txt/ are
  // the file too, and must not carry a crumb cookie under its public caching)
  const path = req.path.toLowerCase();
  return FILES.has(path) || FILES.has(path.replace(/\/$/, '')) || FILE_FOLDERS.some((folder) => path.startsWith(folder));
}

/**
 * A buyer's download (/downloads/TOKEN). Not one of the files above (it is one buyer's, never
 * compressed, and its refusals are pages), but no more a place for a crumb cookie: the answer is a
 * file to save, with no form to protect.
 */
export function isDownloadRequest(req: Request): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && req.path.toLowerCase().startsWith(DOWNLOAD_PATH);
}

/** `handler` for every request but those for files (and downloads, files too). */
export function exceptForFiles(handler: RequestHandler): RequestHandler {
  return (req, res, next) => (isFileRequest(req) || isDownloadRequest(req) ? next() : handler(req, res, next));
}

/** `handler` for requests for files only: pages and calls are never compressed (static-compression.ts), so they skip its wrapping of the response. */
export function onlyForFiles(handler: RequestHandler): RequestHandler {
  return (req, res, next) => (isFileRequest(req) ? handler(req, res, next) : next());
}
