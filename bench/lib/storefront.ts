/**
 * The storefront pages measured by the benchmark: home, shop list, product
 * detail and cart, each a page template, its partials and a page context.
 * The real ones come from the running storefront (live-pages.ts); the
 * benchmark's own representative theme (bench/fixtures, built on the seed
 * data in the platform's shapes) stands in when the server cannot serve
 * them. Pages are handed to probe processes through a JSON file.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { buildPageContexts } from '../fixtures/page-contexts.ts';
import type { RenderCase } from './engines.ts';

export interface StorefrontPage extends RenderCase {
  page: string;
  partials: Record<string, string>;
}

const templateDir = new URL('../fixtures/templates/', import.meta.url);

function readTemplate(name: string): string {
  return readFileSync(new URL(name, templateDir), 'utf8');
}

/** Every `.block` file of the fixture theme, by file name (as `{@|apply name}` refers to it). */
function readPartials(): Record<string, string> {
  const partials: Record<string, string> = {};
  for (const file of readdirSync(templateDir)) {
    if (file.endsWith('.block')) partials[file] = readTemplate(file);
  }
  return partials;
}

/**
 * The context as both engines are measured on it: the store writes prices through CLDR
 * (`website.useCLDRMoneyFormat`), a path the TypeScript reference does not have (it always
 * writes the legacy price markup), so the comparison runs on the legacy markup both share.
 */
export function withLegacyPrices(data: unknown): unknown {
  if (data === null || typeof data !== 'object') return data;
  const context = data as Record<string, unknown>;
  const website = context.website !== null && typeof context.website === 'object' ? context.website : {};
  return { ...context, website: { ...website, useCLDRMoneyFormat: false } };
}

export function storefrontPages(): StorefrontPage[] {
  const contexts = buildPageContexts();
  const partials = readPartials();
  return [
    { page: 'home', source: readTemplate('home.tmpl'), data: withLegacyPrices(contexts.home), partials },
    { page: 'shop list', source: readTemplate('shop-list.tmpl'), data: withLegacyPrices(contexts.shopList), partials },
    { page: 'product detail', source: readTemplate('product.tmpl'), data: withLegacyPrices(contexts.product), partials },
    { page: 'cart', source: readTemplate('cart.tmpl'), data: withLegacyPrices(contexts.cart), partials },
  ];
}

export function savePages(file: string, pages: readonly StorefrontPage[]): void {
  writeFileSync(file, JSON.stringify(pages));
}

/** Pages saved by savePages, or the fixture theme when no file is given. */
export function loadPages(file: string | undefined): StorefrontPage[] {
  return file ? (JSON.parse(readFileSync(file, 'utf8')) as StorefrontPage[]) : storefrontPages();
}
