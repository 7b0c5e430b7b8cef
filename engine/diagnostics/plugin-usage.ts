/**
 * How a formatter or predicate is written, for the hint beside an "arguments" error: its arguments
 * as the language reference describes them and the tags of the reference's own examples. The
 * reference is the one record of a plugin's arguments (its examples are rendered by the tests),
 * so the hint cannot drift from what the plugin accepts.
 */
import { pluginDoc, type PluginKind } from '../reference/index.ts';

/** A plugin's arguments (`[LENGTH] [ELLIPSIS]`, '' for none) and up to two tags that write it. */
export interface PluginUsage {
  args: string;
  forms: string[];
}

const MOST_FORMS = 2;

/** Whether a tag of an example template is one that uses the plugin `name` of this kind. */
function usesPlugin(tag: string, kind: PluginKind, name: string): boolean {
  const quoted = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = kind === 'formatter' ? `\\|${quoted}(?=[\\s|}])` : `^\\{\\.(?:(?:or|if) )?${quoted}(?=[\\s}])`;
  return new RegExp(pattern).test(tag);
}

/** The usage of a documented plugin, or undefined for one the reference does not know. */
export function pluginUsage(kind: PluginKind, name: string): PluginUsage | undefined {
  const doc = pluginDoc(kind, name);
  if (doc === undefined) return undefined;
  const tags = doc.examples.flatMap((example) => example.template.match(/\{[^{}]*\}/g) ?? []);
  const forms = [...new Set(tags.filter((tag) => usesPlugin(tag, kind, name)))].slice(0, MOST_FORMS);
  return { args: doc.args, forms };
}
