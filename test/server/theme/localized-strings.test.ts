import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALIZED_STRINGS } from '../../../server/theme/localized-strings.ts';
import { BLOG, folderOf, renderPage } from './folder-fixture.ts';
import { chooseTemplates } from '../../../server/theme/collection-choice.ts';
import { platformContext } from '../../../server/theme/platform-context.ts';

const COMMERCE_PLUGINS = join(import.meta.dirname, '../../../engine/plugins/commerce');

/** Every localizedStrings key the platform's commerce formatters name literally in their sources. */
function keysTheFormattersRead(): string[] {
  const keys = new Set<string>();
  for (const file of readdirSync(COMMERCE_PLUGINS, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'))) {
    const text = readFileSync(join(COMMERCE_PLUGINS, file), 'utf8');
    for (const match of text.matchAll(/localizedOr\(\s*ctx,\s*'([A-Za-z]+)'/g)) keys.add(match[1]!);
    for (const match of text.matchAll(/'localizedStrings',\s*'([A-Za-z]+)'/g)) keys.add(match[1]!);
    for (const match of text.matchAll(/'(productAnswerMap[A-Za-z]+)'/g)) keys.add(match[1]!);
  }
  return [...keys].sort();
}

describe('the platform\'s localized strings in folder page contexts', () => {
  it('has an English text for every key the platform\'s formatters read', () => {
    const keys = keysTheFormattersRead();
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) expect(LOCALIZED_STRINGS[key], key).toEqual(expect.any(String));
  });

  it('gives templates the strings to read, under any the page sets itself', () => {
    const folder = folderOf({ 'collections/blog.list': '{localizedStrings.productSoldOutText}|{localizedStrings.productAddToCartText}' });
    const page = renderPage(folder, { view: 'list', collection: BLOG }, { collection: BLOG, localizedStrings: { productAddToCartText: 'Buy' } });
    expect(page.html).toContain('[sold out|Buy]');
    const context = platformContext(folder, chooseTemplates(folder, { view: 'list', collection: BLOG }), { collection: BLOG }, { showCart: false });
    expect(context.localizedStrings).toEqual(LOCALIZED_STRINGS);
  });

  it('changes no wording of the formatters that read them', () => {
    const folder = folderOf({ 'collections/blog.list': '{.repeated section items}{@|product-status}{@|product-quick-view}{.end}' });
    const item = { id: 'p1', structuredContent: { productType: 1, variants: [{ qtyInStock: 0, unlimited: false, onSale: false }] } };
    const withStrings = renderPage(folder, { view: 'list', collection: BLOG }, { collection: BLOG, items: [item] });
    expect(withStrings.errors).toEqual([]);
    expect(withStrings.html).toContain('sold out');
    const bare = renderPage(folder, { view: 'list', collection: BLOG }, { collection: BLOG, items: [item], localizedStrings: Object.fromEntries(Object.keys(LOCALIZED_STRINGS).map((key) => [key, ''])) });
    expect(bare.html).toBe(withStrings.html);
  });
});
