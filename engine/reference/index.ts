/**
 * The language reference in one place: the instructions and, per plugin
 * domain, every formatter and predicate with its arguments, summary and
 * examples. The Markdown reference, `tmpl plugins --long` and the tests read it.
 */
import { commerceReference } from './commerce.ts';
import { contentReference } from './content.ts';
import { coreReference } from './core.ts';
import { dateReference } from './date.ts';
import { i18nReference } from './i18n.ts';
import { socialReference } from './social.ts';
import type { DomainReference, PluginDoc } from './types.ts';

export { instructions, internalOpcodes } from './instructions.ts';
export type { DomainReference, Example, InstructionDoc, PluginDoc } from './types.ts';

/** Domains in the order the reference presents them. */
export const domainReferences: readonly DomainReference[] = [coreReference, commerceReference, contentReference, socialReference, dateReference, i18nReference];

export type PluginKind = 'formatter' | 'predicate';

const byKind = {
  formatter: new Map<string, PluginDoc>(domainReferences.flatMap((d) => Object.entries(d.formatters))),
  predicate: new Map<string, PluginDoc>(domainReferences.flatMap((d) => Object.entries(d.predicates))),
};

/** The documentation of a formatter or predicate, or undefined when it has none. */
export function pluginDoc(kind: PluginKind, name: string): PluginDoc | undefined {
  return byKind[kind].get(name);
}
