import { randomFillSync } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import type { HelmetOptions } from 'helmet';

/**
 * Content-Security-Policy with a fresh nonce per response. Only scripts carrying the response's
 * nonce (and files from this origin, which the islands' loader imports) may run, so markup that
 * slips into a page (stored text, owner HTML) cannot run an inline script.
 *
 * Rendered pages are kept as bytes and shared between visitors, so they are rendered with a
 * stand-in instead of the nonce: NONCE_PLACEHOLDER, a random value of the nonce's length drawn
 * once per process, which no visitor ever sees (every occurrence is overwritten before a page
 * leaves) and so cannot plant in content. `pageWithNonce` writes the response's nonce over a copy
 * of the kept page at the stand-in's known offsets: no search per response.
 */
const NONCE_BYTES = 16;
/** Random bytes drawn 256 nonces at a time: one draw per nonce costs more than the rest of the work. */
const pool = Buffer.allocUnsafe(NONCE_BYTES * 256);
let poolAt = pool.length;

function newNonce(): string {
  if (poolAt === pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const nonce = pool.toString('base64url', poolAt, poolAt + NONCE_BYTES);
  poolAt += NONCE_BYTES;
  return nonce;
}

/** What templates print as `nonce="{cspNonce}"`; replaced by the response's nonce when sent. */
export const NONCE_PLACEHOLDER = newNonce();
const PLACEHOLDER_BYTES = Buffer.from(NONCE_PLACEHOLDER, 'latin1');

/** The nonce of this response (set by assignCspNonce). */
export function cspNonce(res: Response): string {
  return res.locals.cspNonce as string;
}

/** Draws the response's nonce; runs before the header is written. */
export const assignCspNonce: RequestHandler = (req, res, next) => {
  res.locals.cspNonce = newNonce();
  next();
};

/**
 * The hash of an empty inline event handler. Templates write `onclick=""` (and `ontouchstart=""`)
 * so that iOS Safari sends taps on elements that are not links; such a handler runs nothing, and
 * blocking it only filled the console with a violation per tap. Naming its hash with
 * 'unsafe-hashes' admits exactly that empty text: a handler with any code in it stays blocked.
 */
const EMPTY_HANDLER = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

/**
 * helmet's CSP settings: its defaults (default-src 'self', object-src 'none', base-uri and
 * form-action 'self'…) with the nonce added to script-src, no inline event attribute but an
 * empty one (EMPTY_HANDLER), and blob: images beside the defaults' self and data:. Style
 * attributes stay allowed (React and the theme set them). Behind https, plain-http subresources
 * are upgraded; on plain http that directive would break the shop, so it is left out.
 */
export function contentSecurityPolicy(options: { secure: boolean }): HelmetOptions['contentSecurityPolicy'] {
  return {
    useDefaults: true,
    directives: {
      scriptSrc: ["'self'", (req, res) => `'nonce-${(res as Response).locals.cspNonce as string}'`],
      scriptSrcAttr: ["'unsafe-hashes'", EMPTY_HANDLER],
      // blob: images are made by this page's own scripts from files the user chose (the product
      // editor's previews before an upload); no other page or stored text can make one.
      imgSrc: ["'self'", 'data:', 'blob:'],
      upgradeInsecureRequests: options.secure ? [] : null,
    },
  };
}

/** Where the stand-in occurs in a rendered page, found once when the page is rendered. */
export function nonceOffsets(page: Buffer): number[] {
  const offsets: number[] = [];
  for (let at = page.indexOf(PLACEHOLDER_BYTES); at !== -1; at = page.indexOf(PLACEHOLDER_BYTES, at + PLACEHOLDER_BYTES.length)) {
    offsets.push(at);
  }
  return offsets;
}

/**
 * The page as one buffer to send, the response's nonce in place of every stand-in: a copy of the
 * kept bytes (the kept page is shared, so it is never written into) with the nonce written at the
 * stand-ins' known offsets, no search. One buffer goes out in one write with the header, where
 * pieces around the nonce cost a gathered write of many parts. A nonce has the stand-in's length,
 * so the page's length holds.
 */
export function pageWithNonce(page: Buffer, offsets: readonly number[], nonce: string): Buffer {
  if (offsets.length === 0) return page;
  if (Buffer.byteLength(nonce, 'latin1') !== PLACEHOLDER_BYTES.length) throw new Error('a CSP nonce must have the length of its stand-in');
  const out = Buffer.allocUnsafe(page.length);
  page.copy(out);
  for (const at of offsets) out.write(nonce, at, 'latin1');
  return out;
}

/** Text (a JSON answer) with the response's nonce in place of the stand-in. */
export function textWithNonce(text: string, nonce: string): string {
  return text.replaceAll(NONCE_PLACEHOLDER, nonce);
}
