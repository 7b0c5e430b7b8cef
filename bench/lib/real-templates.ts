/**
 * The public developer templates in ../shared/real-templates (read in place,
 * never copied into the project): each template's files, and the benchmark
 * cases made from them. Absent folder, no cases.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StorefrontPage } from './storefront.ts';

export const REAL_TEMPLATES_GROUP = 'render real-world templates';

const ROOT = fileURLToPath(new URL('../../../shared/real-templates/', import.meta.url));
const TEMPLATE_FILE = /\.(region|block|list|item|page)$/;

export interface RealTemplate {
  name: string;
  /** Source of every template file, by path inside the template. */
  files: Record<string, string>;
}

function walk(dir: string, into: string[]): string[] {
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path, into);
    else if (TEMPLATE_FILE.test(entry)) into.push(path);
  }
  return into;
}

export function realTemplates(): RealTemplate[] {
  if (!existsSync(ROOT)) return [];
  return readdirSync(ROOT)
    .filter((name) => statSync(join(ROOT, name)).isDirectory())
    .sort()
    .map((name) => {
      const dir = join(ROOT, name);
      const files: Record<string, string> = {};
      for (const path of walk(dir, [])) files[relative(dir, path)] = readFileSync(path, 'utf8');
      return { name, files };
    })
    .filter((t) => Object.keys(t.files).length > 0);
}

/** A template's blocks by the name `{@|apply name.block}` uses (the file name; nested folders by their path too). */
function blocks(t: RealTemplate): Record<string, string> {
  const partials: Record<string, string> = {};
  for (const [path, source] of Object.entries(t.files)) {
    if (!path.endsWith('.block')) continue;
    const underBlocks = path.replace(/^(src\/)?blocks\//, '');
    partials[underBlocks] = source;
    const base = underBlocks.slice(underBlocks.lastIndexOf('/') + 1);
    partials[base] ??= source;
  }
  return partials;
}

/** Every file of each template, as a "page" for the cold-compile probe: the first file as the page, the others as partials. */
export function coldCompileCases(templates: readonly RealTemplate[]): StorefrontPage[] {
  return templates.map((t) => {
    const [first, ...rest] = Object.keys(t.files) as [string, ...string[]];
    const partials: Record<string, string> = {};
    for (const path of rest) partials[path] = t.files[path] as string;
    return { page: t.name, source: t.files[first] as string, data: null, partials };
  });
}

/**
 * Render cases: every region, page, collection list and item of each template with the
 * storefront's page context that suits it (home for regions and pages, the shop list for
 * lists, the product page for items), its blocks as partials.
 */
export function realTemplateRenderCases(templates: readonly RealTemplate[], pages: readonly StorefrontPage[]): StorefrontPage[] {
  const context = (name: string): unknown => pages.find((p) => p.page === name)?.data ?? null;
  const home = context('home');
  const list = context('shop list');
  const item = context('product detail');
  const cases: StorefrontPage[] = [];
  for (const t of templates) {
    const partials = blocks(t);
    for (const [path, source] of Object.entries(t.files)) {
      const data = /\.(region|page)$/.test(path) ? home : path.endsWith('.list') ? list : path.endsWith('.item') ? item : undefined;
      if (data === undefined) continue;
      cases.push({ page: `${t.name}: ${path}`, source, data, partials });
    }
  }
  return cases;
}
