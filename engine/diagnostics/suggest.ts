/**
 * Hints beside error messages: "did you mean" for unknown formatter, predicate and partial names
 * and mistyped instruction keywords (`{.sectoin}`, `{.alternates wiht}`), the forms a formatter or
 * predicate takes when given arguments it does not take, and what to do about a block left open,
 * an `{.end}` or `{.or}` with no block, an instruction written without its name (`{.section}`),
 * and the like, whose reference messages speak of the parser's state machine rather than the
 * template. The engine's messages stay the references' strings; tools (the CLI, the development
 * overlay) add the hint beside them.
 */
import damerauLevenshtein from 'damerau-levenshtein';
import { messages } from '../messages.ts';
import type { PluginRegistry } from '../plugins/registry.ts';
import { INSTRUCTION_KEYWORDS } from '../syntax/tag-diagnosis.ts';
import { lostEnd } from './lost-end.ts';
import { strayEndsCloseRefusedOpenings } from './refused-openings.ts';
import type { PluginUsage } from './plugin-usage.ts';

/** The hints' texts. */
const HINTS = {
  didYouMean: (...names: string[]) => `did you mean ${names.map((name) => `'${name}'`).join(' or ')}?`,
  /** An unknown formatter or predicate with no name close to it. */
  noCloseName: (kind: 'formatter' | 'predicate') => `no ${kind} has a name close to it: tmpl plugins lists every ${kind} (engine/REFERENCE.md says what each does)`,
  unclosed: (tag: string) => `this ${tag} has no {.end}: add one where the block should stop`,
  endOfFileInBlock: (tag: string) => `the template ends inside a ${tag}: a block above needs its {.end}`,
  unclosedLostEnd: (tag: string, lost: string) => `this ${tag} has no {.end} left: ${lost}`,
  endOfFileLostEnd: (tag: string, lost: string) => `the template ends inside a ${tag}: ${lost}`,
  lostEnd: (opening: string, line: number, taken: string, takenLine: number) =>
    `the ${opening} at line ${line} takes the ${taken} at line ${takenLine}, indented as an outer block's, so an {.end} is most likely missing between lines ${line} and ${takenLine}`,
  endWithoutBlock: 'this {.end} has no open block to close: remove it, or look for a block closed twice or an opening tag with an error above',
  /** The same, when the file as written has an {.end} for every opening tag: an opening tag above was refused, not this {.end} written twice. */
  endOfRefusedOpening: 'this {.end} closes a block whose opening tag has an error above: fix that tag, and keep this {.end}',
  orWithoutBlock: '{.or} goes inside a {.section}, {.repeated section}, {.if} or predicate block, before its {.end}',
  alternatesOutsideRepeated: '{.alternates with} goes inside a {.repeated section}, before its {.or} and {.end}',
  alternatesTwice: 'a {.repeated section} takes one {.alternates with}',
  orInMacro: 'a {.macro} has no alternative: it cannot take an {.or}',
  orAfterPlainOr: 'a plain {.or} already takes every remaining case, so nothing after it in this block runs',
  incomplete: (instruction: string, needs: string, form: string) => `${instruction} needs ${needs}: ${form}`,
  takes: (name: string, args: string, forms: readonly string[]) =>
    `${name} takes ${args === '' ? 'no arguments' : args}${forms.length === 0 ? '' : `: ${forms.join(' or ')}`}`,
} as const;

/** What each instruction needs after its keyword, and its correct form, for a tag that stops short. */
const COMPLETE_FORMS: Record<string, { instruction: string; needs: string; form: string }> = {
  '.section': { instruction: '{.section}', needs: 'the name of a value', form: '{.section name}…{.end}' },
  '.repeated': { instruction: '{.repeated section}', needs: 'the name of a list', form: '{.repeated section name}…{.end}' },
  '.if': { instruction: '{.if}', needs: 'something to test', form: '{.if name}…{.end}' },
  '.var': { instruction: '{.var}', needs: 'a name and a value', form: '{.var @name path}' },
  '.ctx': { instruction: '{.ctx}', needs: 'a name and bindings', form: '{.ctx @name key=path}' },
  '.inject': { instruction: '{.inject}', needs: 'a name and a file', form: '{.inject @name file.json}' },
  '.macro': { instruction: '{.macro}', needs: 'a name', form: '{.macro name}…{.end}' },
  '.alternates': { instruction: '{.alternates}', needs: "its 'with'", form: '{.alternates with}' },
};

/** The second word of the instructions written with two (`{.repeated section items}`, `{.alternates with}`). */
const SECOND_WORDS: Record<string, string> = { '.repeated': 'section', '.alternates': 'with' };

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
const FORMATTER_ARGS = shapeOf(messages.formatterArgs, 2);
const PREDICATE_ARGS = shapeOf(messages.predicateArgs, 2);
const UNCLOSED = shapeOf(messages.unclosed);
const EOF_IN_BLOCK = shapeOf(messages.eofInBlock);
const NOT_ALLOWED_AT_ROOT = shapeOf(messages.notAllowedAtRoot);
const NOT_ALLOWED_IN_BLOCK = shapeOf(messages.notAllowedInBlock, 2);
const DEAD_CODE = shapeOf(messages.deadCode);
const PARTIAL_MISSING = shapeOf(messages.partialMissing);
const INVALID_INSTRUCTION = shapeOf(messages.tagInvalidInstruction);
const MISSING_WITH = shapeOf(messages.tagMissingWith);
const MISSING_SECTION = shapeOf(messages.tagMissingSection);

/** The reference's messages for a tag that ends where its operands should start (`{.section}`, `{.var @x}`). */
const TAG_ENDS_SHORT: ReadonlySet<string> = new Set([
  messages.tagWhitespaceExpected(''),
  messages.tagVariableExpected(''),
  messages.tagMissingSection(''),
  messages.tagMissingWith(''),
  messages.tagIfEmpty,
  messages.tagBindvarName(''),
  messages.tagCtxvarName(''),
  messages.tagCtxvarBindings(''),
  messages.tagInjectName(''),
  messages.tagInjectPath(''),
  messages.tagMissingVariableName(''),
  messages.tagMacroName,
]);

/**
 * The edits between two names. Two neighbouring letters typed the wrong way round (`slguify`) are
 * one edit, not two: the commonest typo would otherwise cost as much as two wrong letters.
 */
function typingDistance(a: string, b: string): number {
  return damerauLevenshtein(a, b).steps;
}

/**
 * The candidates closest to `name`, all of them when several are equally close (in the order
 * given), that are close enough to be a likely typo: a third of the longer name's letters, or one.
 */
export function closestNames(name: string, candidates: readonly string[]): string[] {
  let best: string[] = [];
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = typingDistance(name, candidate);
    if (distance < bestDistance) [best, bestDistance] = [[candidate], distance];
    else if (distance === bestDistance) best.push(candidate);
  }
  return best.filter((candidate) => bestDistance <= Math.max(1, Math.floor(Math.max(name.length, candidate.length) / 3)));
}

/** The closest of `candidates` to `name` (the first of equals), when it is close enough to be a likely typo. */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  return closestNames(name, candidates)[0];
}

/**
 * The instructions a mistyped keyword most likely meant, written in full (`.repeated section`), or
 * the predicate written without its `?` (`{.even}`); every one of them when several are equally
 * close (`{.of}`: `.if` or `.or`). A keyword run into its second word (`{.alternateswith}`) is
 * matched as written.
 */
function intendedInstructions(keyword: string, registry: PluginRegistry): string[] {
  const written = new Map<string, string>();
  for (const instruction of INSTRUCTION_KEYWORDS) {
    const second = SECOND_WORDS[instruction];
    const full = second === undefined ? instruction : `${instruction} ${second}`;
    written.set(instruction.slice(1), full);
    if (second !== undefined) written.set(`${instruction.slice(1)}${second}`, full);
  }
  const instructionCount = written.size;
  for (const predicate of registry.predicateNames()) written.set(predicate.replace(/\?$/, ''), `.${predicate}`);
  const words = [...written.keys()];
  const guesses = closestNames(keyword.replace(/^\./, ''), words);
  // A predicate as close as an instruction is not offered beside it: the instruction is likelier.
  const instructions = guesses.filter((guess) => words.indexOf(guess) < instructionCount);
  return [...new Set((instructions.length > 0 ? instructions : guesses).map((guess) => written.get(guess)!))];
}

/** The full instruction when the word after `.repeated` or `.alternates` is a likely typo of its second word. */
function secondWordHint(instruction: '.repeated' | '.alternates', found: string): string | undefined {
  const second = SECOND_WORDS[instruction] as string;
  const word = /^\S+/.exec(found)?.[0];
  return word !== undefined && closestName(word, [second]) !== undefined ? HINTS.didYouMean(`${instruction} ${second}`) : undefined;
}

/** The arguments a formatter or predicate takes and the tags that write it, when the tool gave a way to find them. */
function usageHint(kind: 'formatter' | 'predicate', name: string, context: HintContext): string | undefined {
  const usage = context.usageOf?.(kind, name);
  return usage === undefined ? undefined : HINTS.takes(name, usage.args, usage.forms);
}

/** The instructions that open a block, as intendedInstructions writes them. */
const BLOCK_OPENERS: ReadonlySet<string> = new Set(['.section', '.repeated section', '.if', '.macro']);

/**
 * Whether a refused tag's keyword was meant to open a block: written as one (`{.section}`, `{.if}`,
 * a predicate), or a slip of one (`{.sectoin a}`, `{.repeted section items}`).
 */
function meantToOpenBlock(keyword: string, registry: PluginRegistry): boolean {
  const word = keyword.replace(/\?$/, '');
  if (keyword.endsWith('?') || BLOCK_OPENERS.has(`.${word}`) || word === 'repeated') return true;
  return intendedInstructions(word, registry).some((meant) => BLOCK_OPENERS.has(meant) || meant.endsWith('?'));
}

/**
 * Whether an {.end} the compiler found at the root closes a block whose opening tag it refused as
 * written (missing its name, mistyped, or given arguments its predicate does not take): removing
 * it, as the usual hint says, would break the file once that tag is fixed.
 */
function endsMatchOpenings(context: HintContext, registry: PluginRegistry): boolean {
  if (context.source === undefined) return false;
  return strayEndsCloseRefusedOpenings(context.source, (keyword) => meantToOpenBlock(keyword, registry), context.at);
}

/** The hint for an instruction where it may not stand (opcode names as the messages give them). */
function misplacedHint(opcode: string, parent: string | undefined, context: HintContext, registry: PluginRegistry): string | undefined {
  if (opcode === 'END') return endsMatchOpenings(context, registry) ? HINTS.endOfRefusedOpening : HINTS.endWithoutBlock;
  if (opcode === 'ALTERNATES_WITH') return parent === 'REPEATED' ? HINTS.alternatesTwice : HINTS.alternatesOutsideRepeated;
  if (opcode === 'OR_PREDICATE') return parent === 'MACRO' ? HINTS.orInMacro : HINTS.orWithoutBlock;
  return undefined;
}

/** The correct form of the instruction `tag` begins with (`{.section }`), when it is one that takes operands. */
function completeFormHint(tag: string): string | undefined {
  const keyword = /^\{(\.[a-z-]+)/.exec(tag)?.[1];
  const complete = keyword === undefined ? undefined : COMPLETE_FORMS[keyword];
  return complete === undefined ? undefined : HINTS.incomplete(complete.instruction, complete.needs, complete.form);
}

/** What a tool knows beyond the message, for a better hint. */
export interface HintContext {
  /**
   * The text of the tag the error points at (tagAt), when the source is at hand: the same message
   * can come from several instructions, and the hint for one that stops short shows its form.
   */
  tag?: string;
  /** Where the error is in `source`: of two stray {.end}s, one may close a refused opening tag and the other not. */
  at?: { line: number; column: number };
  /** The names a render could apply (its partials), for the closest one to a missing partial. */
  partials?: readonly string[];
  /**
   * How a formatter or predicate is written (pluginUsage, from the language reference), for the
   * hint beside an "arguments" error. Passed by the tools rather than imported here: the reference
   * is about 65 KB that every program loading the engine would otherwise parse at start-up.
   */
  usageOf?: (kind: 'formatter' | 'predicate', name: string) => PluginUsage | undefined;
  /**
   * The template's source, when at hand: for a block left open, the hint names the block inside
   * it that most likely lacks its {.end} (lostEnd), which the message does not.
   */
  source?: string;
}

/** The name in a missing partial's message, or undefined for another message. */
export function missingPartialName(message: string): string | undefined {
  return PARTIAL_MISSING.exec(message)?.[1];
}

/** How many equally close names a hint lists at most. */
const MOST_GUESSES = 3;

/** The hyphen-separated parts of a name, in lower case, a predicate's `?` left out. */
function partsOf(name: string): string[] {
  return name.replace(/\?$/, '').toLowerCase().split('-');
}

/** Whether `written` is `known`, or the start of it long enough to be a shortening (`nav` of `navigation`). */
function partMatches(written: string, known: string): boolean {
  return written === known || (written.length >= 3 && known.startsWith(written));
}

/** Whether `inner` stands in `outer` as a run of whole parts, each written in full or shortened when `shortened`. */
function holdsRun(outer: readonly string[], inner: readonly string[], shortened: boolean): boolean {
  for (let start = 0; start + inner.length <= outer.length; start += 1) {
    if (inner.every((part, i) => (shortened ? partMatches(part, outer[start + i]!) : part === outer[start + i]))) return true;
  }
  return false;
}

/**
 * The candidates that hold `name` as a run of whole parts, or that it holds (`product-quantity-input`
 * holds `quantity-input`; `site-nav` stands shortened in `site-navigation`): a name too long or too
 * short for a typo. The run must be two parts or four letters, or a common part (`a`, `is`) would
 * match everything. Those closest in length first.
 */
function namesSharingParts(name: string, candidates: readonly string[]): string[] {
  const parts = partsOf(name);
  const meaningful = (run: readonly string[]): boolean => run.length >= 2 || run.join('').length >= 4;
  const sharing = candidates.filter((candidate) => {
    if (candidate === name) return false;
    const known = partsOf(candidate);
    return (meaningful(parts) && holdsRun(known, parts, true)) || (meaningful(known) && holdsRun(parts, known, false));
  });
  return sharing
    .map((candidate, order) => ({ candidate, order, gap: Math.abs(candidate.length - name.length) }))
    .sort((a, b) => a.gap - b.gap || a.order - b.order)
    .map(({ candidate }) => candidate);
}

/**
 * The names `name` most likely meant: those close enough to be a typo (every one as close), else
 * those that share a run of whole parts with it; a few at most.
 */
export function likelyNames(name: string, candidates: readonly string[]): string[] {
  const typos = closestNames(name, candidates);
  return (typos.length > 0 ? typos : namesSharingParts(name, candidates)).slice(0, MOST_GUESSES);
}

/** "did you mean" with the names `name` most likely meant, or undefined. */
function namesHint(name: string, candidates: readonly string[]): string | undefined {
  const guesses = likelyNames(name, candidates);
  return guesses.length === 0 ? undefined : HINTS.didYouMean(...guesses);
}

/** A file name without its extension (`post-meta` of `post-meta.block`). */
function stemOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? name : name.slice(0, dot);
}

/**
 * The partials a missing one most likely meant: the file it names without its extension
 * (`post-meta.block` for `post-meta`, a slip too long for a typo), else the likeliest names compared
 * without their extensions, since a shared `.block` would make any two short names look alike
 * (`card.block` and `nav.block`). The development overlay, `tmpl` and `tmpl check` all ask here.
 */
export function likelyPartials(name: string, partials: readonly string[]): string[] {
  const withExtension = partials.filter((partial) => partial !== name && partial.includes('.') && stemOf(partial) === name);
  if (withExtension.length > 0) return withExtension.slice(0, MOST_GUESSES);
  const others = partials.filter((partial) => partial !== name);
  const extension = name.slice(stemOf(name).length);
  return likelyNames(stemOf(name), [...new Set(others.map(stemOf))])
    .flatMap((stem) => {
      // a partial known by two names (`card` and `card.block`): the one written as the missing one is
      const named = others.filter((partial) => stemOf(partial) === stem);
      const alike = named.filter((partial) => partial.slice(stem.length) === extension);
      return alike.length > 0 ? alike : named;
    })
    .slice(0, MOST_GUESSES);
}

/** "did you mean" for a missing partial, or undefined. */
function partialHint(name: string, partials: readonly string[]): string | undefined {
  const guesses = likelyPartials(name, partials);
  return guesses.length === 0 ? undefined : HINTS.didYouMean(...guesses);
}

/** Which block inside the one left open most likely lacks its {.end}, when the source is at hand and shows one. */
function lostEndHint(source: string | undefined): string | undefined {
  const lost = source === undefined ? undefined : lostEnd(source);
  return lost === undefined ? undefined : HINTS.lostEnd(lost.opening.tag, lost.opening.line, lost.taken.tag, lost.taken.line);
}

/** A hint for an error message, or undefined when there is none. */
export function hintFor(message: string, registry: PluginRegistry, context: HintContext = {}): string | undefined {
  if (context.tag !== undefined && TAG_ENDS_SHORT.has(message)) return completeFormHint(context.tag);
  const partial = missingPartialName(message);
  if (partial !== undefined && context.partials !== undefined) return partialHint(partial, context.partials);
  let found = FORMATTER_UNKNOWN.exec(message);
  if (found) return namesHint(found[1] as string, registry.formatterNames()) ?? HINTS.noCloseName('formatter');
  if ((found = PREDICATE_UNKNOWN.exec(message))) return namesHint(found[1] as string, registry.predicateNames()) ?? HINTS.noCloseName('predicate');
  if ((found = FORMATTER_ARGS.exec(message))) return usageHint('formatter', found[1] as string, context);
  if ((found = PREDICATE_ARGS.exec(message))) return usageHint('predicate', found[1] as string, context);
  if ((found = UNCLOSED.exec(message))) {
    const tag = TAG_OF[found[1] as string];
    if (tag === undefined) return undefined;
    const lost = lostEndHint(context.source);
    return lost === undefined ? HINTS.unclosed(tag) : HINTS.unclosedLostEnd(tag, lost);
  }
  if ((found = EOF_IN_BLOCK.exec(message))) {
    const tag = TAG_OF[found[1] as string];
    if (tag === undefined) return undefined;
    const lost = lostEndHint(context.source);
    return lost === undefined ? HINTS.endOfFileInBlock(tag) : HINTS.endOfFileLostEnd(tag, lost);
  }
  if ((found = NOT_ALLOWED_AT_ROOT.exec(message))) return misplacedHint(found[1] as string, undefined, context, registry);
  if ((found = NOT_ALLOWED_IN_BLOCK.exec(message))) return misplacedHint(found[1] as string, found[2], context, registry);
  if (DEAD_CODE.test(message)) return HINTS.orAfterPlainOr;
  if ((found = INVALID_INSTRUCTION.exec(message))) {
    const guesses = intendedInstructions(found[1] as string, registry);
    return guesses.length === 0 ? undefined : HINTS.didYouMean(...guesses);
  }
  if ((found = MISSING_WITH.exec(message))) return secondWordHint('.alternates', found[1] as string);
  if ((found = MISSING_SECTION.exec(message))) return secondWordHint('.repeated', found[1] as string);
  return undefined;
}
