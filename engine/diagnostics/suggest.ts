/**
 * Hints beside error messages: "did you mean" for unknown formatter and predicate names, and
 * what to do about a block left open, an `{.end}` or `{.or}` with no block, and the like,
 * whose reference messages speak of the parser's state machine rather than the template. The
 * engine's messages stay the references' strings; tools (the CLI, the development overlay) add
 * the hint beside them.
 */
import { closest, distance } from 'fastest-levenshtein';
import { messages } from '../messages.ts';
import type { PluginRegistry } from '../plugins/registry.ts';

/** The hints' texts. */
const HINTS = {
  didYouMean: (name: string) => `did you mean '${name}'?`,
  unclosed: (tag: string) => `this ${tag} has no {.end}: add one where the block should stop`,
  endOfFileInBlock: (tag: string) => `the template ends inside a ${tag}: a block above needs its {.end}`,
  endWithoutBlock: 'this {.end} has no open block to close: remove it, or look for a block closed twice',
  orWithoutBlock: '{.or} goes inside a {.section}, {.repeated section}, {.if} or predicate block, before its {.end}',
  alternatesOutsideRepeated: '{.alternates with} goes inside a {.repeated section}, before its {.or} and {.end}',
  alternatesTwice: 'a {.repeated section} takes one {.alternates with}',
  orInMacro: 'a {.macro} has no alternative: it cannot take an {.or}',
  orAfterPlainOr: 'a plain {.or} already takes every remaining case, so nothing after it in this block runs',
} as const;

/** How a template writes the instruction behind an opcode name of the messages. */
const TAG_OF: Record<string, string> = {
  SECTION: '{.section}',
  REPEATED: '{.repeated section}',
  PREDICATE: 'predicate block',
  OR_PREDICATE: '{.or} branch',
  IF: '{.if}',
  MACRO: '{.macro}',
};

/**
 * Splits a catalogue message around its arguments, so the catalogue is matched, not retyped:
 * each argument becomes a capture group.
 */
function shapeOf(make: (...args: string[]) => string, arity = 1): RegExp {
  const parts = make(...Array.from({ length: arity }, () => '\u0000')).split('\u0000');
  const quote = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${parts.map(quote).join('(.+)')}$`);
}

const FORMATTER_UNKNOWN = shapeOf(messages.formatterUnknown);
const PREDICATE_UNKNOWN = shapeOf(messages.predicateUnknown);
const UNCLOSED = shapeOf(messages.unclosed);
const EOF_IN_BLOCK = shapeOf(messages.eofInBlock);
const NOT_ALLOWED_AT_ROOT = shapeOf(messages.notAllowedAtRoot);
const NOT_ALLOWED_IN_BLOCK = shapeOf(messages.notAllowedInBlock, 2);
const DEAD_CODE = shapeOf(messages.deadCode);

/** The closest of `candidates` to `name`, when it is close enough to be a likely typo. */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  if (candidates.length === 0) return undefined;
  const best = closest(name, candidates as string[]);
  const allowed = Math.max(1, Math.floor(Math.max(name.length, best.length) / 3));
  return distance(name, best) <= allowed ? best : undefined;
}

/** The hint for an instruction where it may not stand (opcode names as the messages give them). */
function misplacedHint(opcode: string, parent: string | undefined): string | undefined {
  if (opcode === 'END') return HINTS.endWithoutBlock;
  if (opcode === 'ALTERNATES_WITH') return parent === 'REPEATED' ? HINTS.alternatesTwice : HINTS.alternatesOutsideRepeated;
  if (opcode === 'OR_PREDICATE') return parent === 'MACRO' ? HINTS.orInMacro : HINTS.orWithoutBlock;
  return undefined;
}

/** A hint for an error message, or undefined when there is none. */
export function hintFor(message: string, registry: PluginRegistry): string | undefined {
  let found = FORMATTER_UNKNOWN.exec(message);
  if (found) {
    const guess = closestName(found[1] as string, registry.formatterNames());
    return guess === undefined ? undefined : HINTS.didYouMean(guess);
  }
  if ((found = PREDICATE_UNKNOWN.exec(message))) {
    const guess = closestName(found[1] as string, registry.predicateNames());
    return guess === undefined ? undefined : HINTS.didYouMean(guess);
  }
  if ((found = UNCLOSED.exec(message))) {
    const tag = TAG_OF[found[1] as string];
    return tag === undefined ? undefined : HINTS.unclosed(tag);
  }
  if ((found = EOF_IN_BLOCK.exec(message))) {
    const tag = TAG_OF[found[1] as string];
    return tag === undefined ? undefined : HINTS.endOfFileInBlock(tag);
  }
  if ((found = NOT_ALLOWED_AT_ROOT.exec(message))) return misplacedHint(found[1] as string, undefined);
  if ((found = NOT_ALLOWED_IN_BLOCK.exec(message))) return misplacedHint(found[1] as string, found[2]);
  if (DEAD_CODE.test(message)) return HINTS.orAfterPlainOr;
  return undefined;
}
