/**
 * "Did you mean" hints for unknown formatter and predicate names. The
 * engine's messages stay the references' strings; tools (the CLI, the
 * development overlay) add the hint beside them.
 */
import { closest, distance } from 'fastest-levenshtein';
import { messages } from '../messages.ts';
import type { PluginRegistry } from '../plugins/registry.ts';

/** Splits a one-argument catalogue message around its argument, so the catalogue is matched, not retyped. */
function shapeOf(make: (name: string) => string): RegExp {
  const [before, after] = make('\u0000').split('\u0000') as [string, string];
  const quote = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${quote(before)}(.+)${quote(after)}$`);
}

const FORMATTER_UNKNOWN = shapeOf(messages.formatterUnknown);
const PREDICATE_UNKNOWN = shapeOf(messages.predicateUnknown);

/** The closest of `candidates` to `name`, when it is close enough to be a likely typo. */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  if (candidates.length === 0) return undefined;
  const best = closest(name, candidates as string[]);
  const allowed = Math.max(1, Math.floor(Math.max(name.length, best.length) / 3));
  return distance(name, best) <= allowed ? best : undefined;
}

/** A hint for an error message ("did you mean 'html'?"), or undefined when there is none. */
export function hintFor(message: string, registry: PluginRegistry): string | undefined {
  const formatter = FORMATTER_UNKNOWN.exec(message);
  if (formatter) {
    const guess = closestName(formatter[1] as string, registry.formatterNames());
    return guess === undefined ? undefined : `did you mean '${guess}'?`;
  }
  const predicate = PREDICATE_UNKNOWN.exec(message);
  if (predicate) {
    const guess = closestName(predicate[1] as string, registry.predicateNames());
    return guess === undefined ? undefined : `did you mean '${guess}'?`;
  }
  return undefined;
}
