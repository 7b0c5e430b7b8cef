/**
 * The social icon sprite the platform serves every site and social links point into
 * (`<use xlink:href="/universal/svg/social-accounts.svg#instagram-unauth-icon">`): for each
 * service a `NAME-icon` symbol (the glyph) and a `NAME-mask` symbol (the square with the glyph
 * cut out, for knockout styles), and the `background` square. Templates that write this markup
 * by hand find the same address; the artwork is the host's own.
 */
import { Router } from 'express';
import { GLYPHS, maskOf } from './social-glyphs.ts';
import { SERVICE_NAMES } from './social-services.ts';

export const SOCIAL_ICON_SPRITE_PATH = '/universal/svg/social-accounts.svg';

function symbol(id: string, path: string): string {
  // even-odd: a glyph's holes (a ring's middle, the mask's cut-out) stay open
  return `<symbol id="${id}" viewBox="0 0 64 64"><path fill-rule="evenodd" d="${path}"/></symbol>`;
}

export function socialIconSprite(): string {
  const symbols = [symbol('background', 'M0,0H64V64H0Z')];
  for (const { serviceName, glyph } of SERVICE_NAMES) {
    symbols.push(symbol(`${serviceName}-icon`, GLYPHS[glyph]), symbol(`${serviceName}-mask`, maskOf(GLYPHS[glyph])));
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`;
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
