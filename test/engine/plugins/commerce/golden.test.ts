/**
 * The commerce golden files of the shared conformance corpus (when it is
 * checked out beside this repository): each renders its :TEMPLATE against
 * its :JSON and must give its :OUTPUT (both trimmed).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { compile } from '../../../../engine/index.ts';

const CORPUS = fileURLToPath(new URL('../../../../../shared/conformance/plugins/platform/', import.meta.url));

const COMMERCE_FILE =
  /^(f-add-to-cart-btn-|f-bookkeeper-money-format-|f-cart-|f-from-price-|f-normal-price-|f-percentage-format-|f-product-|f-quantity-input-|f-sale-price-|f-scarcity-|f-subscription-price-|f-summary-form-field-|f-variant-descriptor-|f-variants-select|p-has-variants|p-on-sale|p-sold-out|p-varied-prices)/;

interface GoldenCase {
  readonly sections: ReadonlyMap<string, string>;
}

function parseGolden(text: string): GoldenCase {
  const sections = new Map<string, string>();
  let name: string | undefined;
  let lines: string[] = [];
  for (const line of text.split('\n')) {
    const header = /^:([A-Z]+)\s*$/.exec(line);
    if (header) {
      if (name !== undefined) sections.set(name, lines.join('\n'));
      name = header[1];
      lines = [];
    } else {
      lines.push(line);
    }
  }
  if (name !== undefined) sections.set(name, lines.join('\n'));
  return { sections };
}

function localeOf(properties: string | undefined): string | undefined {
  const match = /locale\s*[:=]\s*(\S+)/.exec(properties ?? '');
  return match ? match[1] : undefined;
}

const files = existsSync(CORPUS) ? readdirSync(CORPUS).filter((f) => COMMERCE_FILE.test(f)).sort() : [];

describe.skipIf(files.length === 0)('commerce golden files', () => {
  test.each(files)('%s', (file) => {
    const { sections } = parseGolden(readFileSync(CORPUS + file, 'utf8'));
    const template = compile(sections.get('TEMPLATE')!.trim());
    expect(template.errors).toEqual([]);
    const data: unknown = JSON.parse(sections.get('JSON')!);
    const locale = localeOf(sections.get('PROPERTIES'));
    const result = template.render(data, locale === undefined ? {} : { locale });
    expect(result.html.trim()).toBe(sections.get('OUTPUT')!.trim());
  });
});
