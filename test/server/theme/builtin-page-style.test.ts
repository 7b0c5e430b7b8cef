/**
 * A built-in page in another folder's layout brings the theme's stylesheet scoped to its own
 * element: every rule of templates/assets/site.css reaches only `[data-builtin-page]` and what is
 * inside it, so the folder's layout keeps its own look, and the page gets the theme's form,
 * price and checkout rules (16 px fields on a phone, one price per variant, one summary).
 */
import { readFileSync } from 'node:fs';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { builtinPageStyle, scopeToBuiltinPage } from '../../../server/theme/builtin-page-style.ts';
import { TEMPLATES_DIR } from '../../../server/pages/template-store.ts';

const selectorsOf = (css: string): string[] => {
  const found: string[] = [];
  postcss.parse(css).walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as { name: string }).name)) return;
    found.push(...rule.selectors);
  });
  return found;
};

describe("the theme's stylesheet for a built-in page", () => {
  it('scopes every selector of the theme to the page, the layout rules left out', () => {
    const scoped = scopeToBuiltinPage(readFileSync(`${TEMPLATES_DIR}/assets/site.css`, 'utf8'));
    const selectors = selectorsOf(scoped);
    expect(selectors.length).toBeGreaterThan(100);
    for (const selector of selectors) expect(/^(?:\[data-builtin-page\]|:where\(\[data-builtin-page\]\))(?: |$)/.test(selector), selector).toBe(true);
    // a selector of elements alone weighs as the elements (the islands' class rules win over it); any other, the scope's attribute more
    expect(selectors).toContain(':where([data-builtin-page]) a');
    expect(selectors).not.toContain('[data-builtin-page] a');
    expect(selectors).not.toContain('[data-builtin-page] body');
    expect(selectors).not.toContain('[data-builtin-page] main');
    // what a phone's checkout and product page need
    expect(scoped).toContain('[data-builtin-page] .has-variant-price > .product-price:not(.product-price--variant){display: none;}');
    expect(scoped).toContain('[data-builtin-page] .checkout-field input, [data-builtin-page] .checkout-field select{width: 100%;');
  });

  it("gives the page the theme's custom properties, not its type, colour or background", () => {
    const scoped = scopeToBuiltinPage(':root { --ink: #222; font-family: Georgia; color: red; background: white; }\nbody { margin: 0; }\nmain { padding: 32px; }\n.a, main .b { color: var(--ink); }');
    expect(scoped).toBe('[data-builtin-page]{--ink: #222;}[data-builtin-page] .a, [data-builtin-page] main .b{color: var(--ink);}');
  });

  it('leaves keyframes as they are, scopes rules inside media queries, and drops comments', () => {
    const scoped = scopeToBuiltinPage('/* note */ @keyframes spin { from { opacity: 0 } to { opacity: 1 } } @media (min-width: 900px) { .c { display: none } }');
    expect(scoped).toBe('@keyframes spin{from{opacity: 0}to{opacity: 1}}@media (min-width: 900px){[data-builtin-page] .c{display: none}}');
  });

  it('opens the page with the scoped sheet and the rules it always needs, in one style element', () => {
    const style = builtinPageStyle(TEMPLATES_DIR);
    expect(style.startsWith('<style>[data-builtin-page]{--ink: ')).toBe(true);
    expect(style).toContain('[data-builtin-page] nav{display:flex;flex-wrap:wrap;gap:.25em .75em}');
    // a folder's type below 16 px leaves a phone's fields at 16 px at least (iOS zooms into smaller ones)
    expect(style.endsWith('@media (max-width:432px),(pointer:coarse){[data-builtin-page] :is(input,select,textarea){font-size:max(16px,1em)}}</style>')).toBe(true);
    expect(style.match(/<\/style>/g)).toHaveLength(1);
  });
});
