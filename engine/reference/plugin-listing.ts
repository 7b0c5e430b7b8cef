/**
 * The lines of `tmpl plugins`: every registered formatter and predicate,
 * and with `long` its arguments and one-line summary from the reference.
 */
import type { PluginRegistry } from '../plugins/registry.ts';
import { pluginDoc, type PluginKind } from './index.ts';

const USAGE_COLUMN = 48;

export function pluginListing(registry: PluginRegistry, long = false): string[] {
  const entries: [PluginKind, string][] = [
    ...registry.formatterNames().map((name): [PluginKind, string] => ['formatter', name]),
    ...registry.predicateNames().map((name): [PluginKind, string] => ['predicate', name]),
  ];
  if (!long) return entries.map(([kind, name]) => `${kind} ${name}`);
  const rows = entries.map(([kind, name]) => {
    const doc = pluginDoc(kind, name);
    const usage = [kind, name, doc?.args ?? ''].filter((part) => part !== '').join(' ');
    return { usage, summary: doc?.summary ?? '(not documented)' };
  });
  // Summaries line up in one column; the few very long usages push their own summary right rather than all of them.
  const width = Math.min(USAGE_COLUMN, Math.max(...rows.map((row) => row.usage.length)));
  return rows.map((row) => `${row.usage.padEnd(width)}  ${row.summary}`);
}
