/**
 * The social icon sprite the platform serves every site and social links point into
 * (`<use xlink:href="/universal/svg/social-accounts.svg#instagram-unauth-icon">`): for each
 * service a `NAME-icon` symbol (the glyph) and a `NAME-mask` symbol (the square with the glyph
 * cut out, for knockout styles), the generic `link-icon` and `link-mask` for a service it does not
 * know, and the `background` square. Templates that write this markup by hand find the same
 * address; the artwork is the host's own. Pages also carry the symbols of their site's accounts
 * inline, as the platform's do, for templates that point at a bare `#NAME-icon`.
 */
import { Router } from 'express';
import { escapeHtmlAttribute } from '../../engine/plugins/core/html-escape.ts';
import { GLYPHS, maskOf } from './social-glyphs.ts';
import { glyphOf, SERVICE_NAMES } from './social-services.ts';

export const SOCIAL_ICON_SPRITE_PATH = '/universal/svg/social-accounts.svg';

/** The symbols' name for a service the host does not know: the generic link glyph. */
export const UNKNOWN_SERVICE_SYMBOL = 'link';

function symbol(id: string, path: string): string {
  // even-odd: a glyph's holes (a ring's middle, the mask's cut-out) stay open
  return `<symbol id="${escapeHtmlAttribute(id)}" viewBox="0 0 64 64"><path fill-rule="evenodd" d="${path}"/></symbol>`;
}

/** A service's icon and mask symbols, by its name. */
function serviceSymbols(serviceName: string): string[] {
  const glyph = GLYPHS[glyphOf(serviceName)];
  return [symbol(`${serviceName}-icon`, glyph), symbol(`${serviceName}-mask`, maskOf(glyph))];
}

export function socialIconSprite(): string {
  const symbols = [symbol('background', 'M0,0H64V64H0Z'), ...serviceSymbols(UNKNOWN_SERVICE_SYMBOL)];
  for (const { serviceName } of SERVICE_NAMES) symbols.push(...serviceSymbols(serviceName));
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`;
}

/**
 * The hidden sprite the platform writes into every page with `{squarespace-footers}`: the icon and
 * mask of each service the site's accounts name (a service the host does not know drawn with the
 * generic link glyph, under its own name), so `<use xlink:href="#instagram-icon">` finds them in
 * the page. Nothing when the site has no accounts.
 */
export function inlineSocialIconSprite(socialAccounts: unknown): string {
  const names = new Set<string>();
  for (const account of Array.isArray(socialAccounts) ? socialAccounts : []) {
    const serviceName = (account as { serviceName?: unknown } | null)?.serviceName;
    if (typeof serviceName === 'string' && serviceName !== '') names.add(serviceName);
  }
  if (names.size === 0) return '';
  const symbols = [...names].flatMap(serviceSymbols);
  return `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" style="display:none" data-usage="social-icons-svg">${symbols.join('')}</svg>`;
}

export function createSocialIconSpriteRoute(): Router {
  const sprite = socialIconSprite();
  const router = Router();
  router.get(SOCIAL_ICON_SPRITE_PATH, (_req, res) => {
    // the same bytes for every site and visitor: a cache may keep it
    res.set('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(sprite);
  });
  return router;
}
