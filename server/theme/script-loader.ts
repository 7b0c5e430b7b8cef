import { Router } from 'express';
import { escapeHtmlAttribute } from '../../engine/plugins/core/html-escape.ts';
import type { TemplateSource } from './template-source.ts';
import { themeMessages } from './theme-messages.ts';

/**
 * The platform's script loader for `<squarespace:script src="…" combo="…" />`: src names a file
 * of the folder's scripts/. Scripts with combo="true" written one after another load as one
 * request, `/scripts/combo/?a.js&b.js`, whose answer is the files joined in that order; the
 * others load one by one.
 */

/** Where the folder's scripts/ are served. */
export const SCRIPTS_URL_BASE = '/scripts/';
/** Where combined scripts are served: the file names follow the `?`, joined by `&`. */
export const COMBO_PATH = `${SCRIPTS_URL_BASE}combo/`;
/** The most files one combined request may name. */
export const MAX_COMBO_FILES = 100;

export interface ScriptRef {
  src: string;
  combo: boolean;
}

/** The URL of one combined request for these files. */
export function comboUrl(srcs: readonly string[]): string {
  return `${COMBO_PATH}?${srcs.map((src) => encodeURIComponent(src).replaceAll('%2F', '/')).join('&')}`;
}

/** The script elements of a run of script tags: each run of combo scripts in one element, in order. */
export function scriptElements(scripts: readonly ScriptRef[]): string {
  let html = '';
  let combined: string[] = [];
  const flush = (): void => {
    if (combined.length > 0) html += `<script src="${escapeHtmlAttribute(comboUrl(combined))}"></script>`;
    combined = [];
  };
  for (const script of scripts) {
    if (script.src === '') continue;
    if (script.combo) {
      combined.push(script.src);
      continue;
    }
    flush();
    html += `<script src="${escapeHtmlAttribute(SCRIPTS_URL_BASE + script.src)}"></script>`;
  }
  flush();
  return html;
}

/** A file name a combined request may read: inside scripts/, no way up or out. */
function isScriptName(name: string): boolean {
  return name !== '' && !name.startsWith('/') && !name.includes('\\') && !name.split('/').includes('..');
}

export type ComboAnswer = { ok: true; body: string } | { ok: false; status: 400 | 404; message: string };

/**
 * The body of a combined request: the named files of scripts/ in order, each ended on a line of
 * its own with a `;` (a file that ends without a semicolon or newline cannot run into the next).
 */
export function comboScriptBody(source: TemplateSource, query: string): ComboAnswer {
  const names = query.split('&').filter((part) => part !== '').map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return '';
    }
  });
  if (names.length === 0 || names.length > MAX_COMBO_FILES) return { ok: false, status: 400, message: themeMessages.comboRequestInvalid(MAX_COMBO_FILES) };
  const parts: string[] = [];
  for (const name of names) {
    const text = isScriptName(name) ? source.read(`scripts/${name}`) : undefined;
    if (text === undefined) return { ok: false, status: 404, message: themeMessages.scriptMissing(name) };
    parts.push(`${text}\n;\n`);
  }
  return { ok: true, body: parts.join('') };
}

/** Serves combined requests from the folder's scripts/. */
export function comboScriptRouter(source: TemplateSource, development: boolean): Router {
  const router = Router();
  router.get(COMBO_PATH, (req, res) => {
    const at = req.originalUrl.indexOf('?');
    const answer = comboScriptBody(source, at === -1 ? '' : req.originalUrl.slice(at + 1));
    if (!answer.ok) {
      res.status(answer.status).type('text/plain').send(answer.message);
      return;
    }
    res.set('Cache-Control', development ? 'no-store' : 'public, max-age=3600');
    res.type('application/javascript').send(answer.body);
  });
  return router;
}
