import { randomBytes } from 'node:crypto';
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
 * leaves) and so cannot plant in content. `withNonce` writes the response's nonce over the
 * stand-in's known offsets: one copy of the page, no search, per response.
 */
const NONCE_BYTES = 16;

function newNonce(): string {
  return randomBytes(NONCE_BYTES).toString('base64url');
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
 * helmet's CSP settings: its defaults (default-src 'self', object-src 'none', no inline event
 * attributes, base-uri and form-action 'self'…) with the nonce added to script-src. Style
 * attributes stay allowed (React and the theme set them). Behind https, plain-http subresources
 * are upgraded; on plain http that directive would break the shop, so it is left out.
 */
export function contentSecurityPolicy(options: { secure: boolean }): HelmetOptions['contentSecurityPolicy'] {
  return {
    useDefaults: true,
    directives: {
      scriptSrc: ["'self'", (req, res) => `'nonce-${(res as Response).locals.cspNonce as string}'`],
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

/** A copy of the page with the response's nonce written over every stand-in. */
export function withNonce(page: Buffer, offsets: readonly number[], nonce: string): Buffer {
  if (offsets.length === 0) return page;
  const out = Buffer.allocUnsafe(page.length);
  page.copy(out);
  for (const at of offsets) out.write(nonce, at, PLACEHOLDER_BYTES.length, 'latin1');
  return out;
}

/** Text (a JSON answer) with the response's nonce in place of the stand-in. */
export function textWithNonce(text: string, nonce: string): string {
  return text.replaceAll(NONCE_PLACEHOLDER, nonce);
}
