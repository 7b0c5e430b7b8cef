/**
 * The reference documents exactly what the engine has: every registered
 * formatter and predicate (none missing, none extra, each in its own domain),
 * every opcode a template can produce, and the committed Markdown is the one
 * the records generate.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { defaultRegistry } from '../../../engine/index.ts';
import { commerceFormatters, commercePredicates } from '../../../engine/plugins/commerce/index.ts';
import { contentFormatters, contentPredicates } from '../../../engine/plugins/content/index.ts';
import { coreFormatters, corePredicates } from '../../../engine/plugins/core/index.ts';
import { dateFormatters } from '../../../engine/plugins/date/index.ts';
import { i18nFormatters, i18nPredicates } from '../../../engine/plugins/i18n/index.ts';
import { socialFormatters, socialPredicates } from '../../../engine/plugins/social/index.ts';
import type { FormatterTable, PredicateTable } from '../../../engine/plugins/types.ts';
import { domainReferences, instructions, internalOpcodes } from '../../../engine/reference/index.ts';
import { anchor, referenceMarkdown } from '../../../engine/reference/markdown.ts';
import { pluginListing } from '../../../engine/reference/plugin-listing.ts';
import { Opcode } from '../../../engine/syntax/opcodes.ts';

const tables: Record<string, [FormatterTable, PredicateTable]> = {
  core: [coreFormatters, corePredicates],
  commerce: [commerceFormatters, commercePredicates],
  content: [contentFormatters, contentPredicates],
  social: [socialFormatters, socialPredicates],
  date: [dateFormatters, {}],
  i18n: [i18nFormatters, i18nPredicates],
};

const sorted = (names: Iterable<string>): string[] => [...names].sort();

describe('plugins documented', () => {
  test('every plugin domain has a reference', () => {
    expect(sorted(domainReferences.map((d) => d.domain))).toEqual(sorted(Object.keys(tables)));
  });

  test.each(domainReferences.map((d) => [d.domain, d] as const))('%s documents exactly its domain', (domain, reference) => {
    const [formatters, predicates] = tables[domain] ?? [{}, {}];
    expect(sorted(Object.keys(reference.formatters))).toEqual(sorted(Object.keys(formatters)));
    expect(sorted(Object.keys(reference.predicates))).toEqual(sorted(Object.keys(predicates)));
  });

  test('every registered formatter and predicate is documented once', () => {
    const formatters = domainReferences.flatMap((d) => Object.keys(d.formatters));
    const predicates = domainReferences.flatMap((d) => Object.keys(d.predicates));
    expect(sorted(formatters)).toEqual(defaultRegistry.formatterNames());
    expect(sorted(predicates)).toEqual(defaultRegistry.predicateNames());
  });

  test('every plugin has arguments, a one-line summary and at least one example', () => {
    for (const domain of domainReferences) {
      for (const [name, doc] of [...Object.entries(domain.formatters), ...Object.entries(domain.predicates)]) {
        expect(doc.summary, name).toMatch(/^\S.*\S$/);
        expect(doc.summary, name).not.toContain('\n');
        expect(doc.args, name).not.toContain('\n');
        expect(doc.examples.length, name).toBeGreaterThan(0);
      }
    }
  });
});

describe('instructions documented', () => {
  test('every opcode is documented, or is one no template text produces', () => {
    const documented = instructions.flatMap((doc) => doc.opcodes);
    expect(sorted([...documented, ...internalOpcodes])).toEqual(sorted(Object.keys(Opcode)));
    expect(new Set(documented).size).toBe(documented.length);
  });

  test('every instruction has its syntax, a summary and an example', () => {
    for (const doc of instructions) {
      expect(doc.syntax.length, doc.name).toBeGreaterThan(0);
      expect(doc.summary, doc.name).not.toBe('');
      expect(doc.examples.length, doc.name).toBeGreaterThan(0);
    }
  });
});

describe('generated Markdown', () => {
  test('engine/REFERENCE.md is the one the records generate (run npm run docs)', () => {
    const committed = readFileSync(new URL('../../../engine/REFERENCE.md', import.meta.url), 'utf8');
    expect(committed === referenceMarkdown()).toBe(true);
  });

  test('each formatter and predicate has its own heading', () => {
    const markdown = referenceMarkdown();
    for (const domain of domainReferences) {
      for (const name of Object.keys(domain.formatters)) expect(markdown).toContain(`<a id="${anchor('formatter', name)}"></a>\n#### \`${name}\``);
      for (const name of Object.keys(domain.predicates)) expect(markdown).toContain(`<a id="${anchor('predicate', name)}"></a>\n#### \`${name}\``);
    }
  });
});

describe('tmpl plugins --long', () => {
  test('lists every formatter and predicate with its arguments and summary', () => {
    const lines = pluginListing(defaultRegistry, true);
    expect(lines).toHaveLength(defaultRegistry.formatterNames().length + defaultRegistry.predicateNames().length);
    expect(lines.filter((line) => line.endsWith('(not documented)'))).toEqual([]);
    const truncate = lines.find((line) => line.startsWith('formatter truncate '));
    expect(truncate).toMatch(/^formatter truncate \[LENGTH\] \[ELLIPSIS\] +Cuts text at a word boundary/);
    const equal = lines.find((line) => line.startsWith('predicate equal? '));
    expect(equal).toMatch(/^predicate equal\? A \[B\] +A equals B/);
  });

  test('without --long the listing is one name a line', () => {
    expect(pluginListing(defaultRegistry)).toContain('formatter truncate');
    expect(pluginListing(defaultRegistry)).toContain('predicate equal?');
  });
});
