/**
 * The theme's stylesheet for a built-in page in another folder's layout. There the folder's own
 * stylesheet is loaded, not the theme's, and a built-in cart or checkout without the theme's rules
 * is unusable on a phone (13 px fields, which iOS zooms into; fields and labels run together; a
 * variant's price shown beside the price it replaces; the checkout's summary twice). So the
 * theme's `assets/site.css` is given to the page scoped to its `[data-builtin-page]` element
 * (postcss): every selector is prefixed, so nothing reaches the folder's own layout; `:root`'s
 * custom properties apply to the element, while its type and colours stay the folder's; the
 * `body` and `main` rules, which belong to a layout, are left out.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postcss, { type Rule } from 'postcss';

export const BUILTIN_PAGE_ATTRIBUTE = 'data-builtin-page';
const SCOPE = `[${BUILTIN_PAGE_ATTRIBUTE}]`;

/**
 * Rules a built-in page needs whatever the theme's stylesheet holds: pictures (product photos are
 * 1500 px wide) fit the column, a row of links (the shop's categories, tags and sorts) wraps
 * with gaps, so a phone's page is not three times its width and "AllAccessoriesApparel" reads
 * apart, and a phone's fields are 16 px at least. The pictures' rule weighs as the scope alone
 * (`:where`), so an island's own rule for its pictures (the picture strip's thumbnails) wins.
 */
const ALWAYS = `${SCOPE} :where(img,video,iframe){max-width:100%;height:auto}${SCOPE} nav{display:flex;flex-wrap:wrap;gap:.25em .75em}`
  // the theme's fields take the page's type size (font: inherit), which a folder may set below the
  // 16 px under which iOS zooms into a field on focus
  + `@media (max-width:432px),(pointer:coarse){${SCOPE} :is(input,select,textarea){font-size:max(16px,1em)}}`;

/**
 * A selector of elements alone (`a`, `img, svg`, `ul li`): scoped without weight of its own
 * (`:where`), so it still wins over the folder's own element rules (it comes after them, and ties),
 * but not over the islands' class rules, which it would otherwise outweigh by the scope's
 * attribute (`[data-builtin-page] a { color: inherit }` over `.cart-checkout { color: #fff }` left
 * the built-in cart's Checkout button unreadable in every developer template).
 */
const ELEMENTS_ONLY = /^[a-z][a-z0-9]*(?:(?:\s+|\s*[>+~]\s*)[a-z][a-z0-9]*)*$/i;
const WEIGHTLESS_SCOPE = `:where(${SCOPE})`;

/** Selectors of a page's layout, not of its content: left out. */
const LAYOUT_SELECTORS = new Set(['body', 'main', 'html']);

function insideKeyframes(rule: Rule): boolean {
  const parent = rule.parent;
  return parent?.type === 'atrule' && /keyframes$/i.test((parent as { name: string }).name);
}

/** The stylesheet's rules scoped to a built-in page's element. */
export function scopeToBuiltinPage(css: string): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (insideKeyframes(rule)) return;
    const selectors = rule.selectors.filter((selector) => !LAYOUT_SELECTORS.has(selector.trim()));
    if (selectors.length === 0) {
      rule.remove();
      return;
    }
    if (selectors.length === 1 && selectors[0]!.trim() === ':root') {
      // its custom properties (the theme's colours and gaps, which its rules read); the type,
      // colour and background of the page are the folder's
      rule.selector = SCOPE;
      rule.walkDecls((decl) => {
        if (!decl.prop.startsWith('--')) decl.remove();
      });
      return;
    }
    rule.selectors = selectors.map((selector) => `${ELEMENTS_ONLY.test(selector.trim()) ? WEIGHTLESS_SCOPE : SCOPE} ${selector.trim()}`);
  });
  root.walkComments((comment) => {
    comment.remove();
  });
  // sent with every built-in page: runs of white space are one space, none beside braces and semicolons
  return root.toString().replace(/\s+/g, ' ').replace(/\s*([{};])\s*/g, '$1').trim();
}

/** The `<style>` a built-in page opens with: the theme folder's site.css scoped (read once per version of the folder: builtin-pages.ts). */
export function builtinPageStyle(themeDir: string): string {
  let css: string | undefined;
  try {
    css = readFileSync(join(themeDir, 'assets', 'site.css'), 'utf8');
  } catch {
    // no stylesheet in the theme: the rules it cannot do without
  }
  const scoped = css === undefined ? '' : scopeToBuiltinPage(css);
  return `<style>${scoped.replace(/<\/style/gi, '<\\/style')}${ALWAYS}</style>`;
}
