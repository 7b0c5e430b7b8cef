/**
 * Why a `{…}` that did not parse is not an instruction. The Java reference,
 * validating, walks such a tag with its tokenizer's rules and reports the
 * first rule it breaks once the tag has committed to being an instruction
 * (a known keyword, a variable followed by `|`); anything that never
 * committed (CSS, scripts, JSON, prose in braces) is plain text without a
 * word. The tag stays text either way; this only names the problem.
 * It runs only for tags the parser rejected, never for the tags templates
 * are made of.
 */
import { messages } from '../messages.ts';
import { readCtxBindings } from './ctx-bindings.ts';
import { Opcode, opcodeName } from './opcodes.ts';
import type { PluginCheck } from './parse.ts';
import {
  definitionEnd,
  pathEnd,
  referenceEnd,
  separatorEnd,
  skipWhitespace,
  wordEnd,
  AMPERSAND,
  DOT,
  EQUALS,
  PIPE,
  QUESTION,
  SPACE,
} from './tag-chars.ts';
import { IF_VARIABLE_LIMIT, splitArgs } from './parsed-tag.ts';


/** The Java reference's instruction keywords (`.eof` is not one; `.repeated` and `.alternates` take a second word). */
const KEYWORDS = new Map<string, number>([
  ['.alternates', Opcode.ALTERNATES_WITH],
  ['.ctx', Opcode.CTXVAR],
  ['.end', Opcode.END],
  ['.eval', Opcode.EVAL],
  ['.if', Opcode.IF],
  ['.include', Opcode.INCLUDE],
  ['.inject', Opcode.INJECT],
  ['.macro', Opcode.MACRO],
  ['.meta-left', Opcode.META_LEFT],
  ['.meta-right', Opcode.META_RIGHT],
  ['.newline', Opcode.NEWLINE],
  ['.or', Opcode.OR_PREDICATE],
  ['.repeated', Opcode.REPEATED],
  ['.section', Opcode.SECTION],
  ['.space', Opcode.SPACE],
  ['.tab', Opcode.TAB],
  ['.var', Opcode.BINDVAR],
]);

/** The instruction keywords, for the closest one to a mistyped keyword (the CLI's hints). */
export const INSTRUCTION_KEYWORDS: readonly string[] = [...KEYWORDS.keys()];

/**
 * The syntax error of a tag's inside (without braces) that did not parse,
 * or undefined when the tag is simply text.
 */
export function diagnoseTag(s: string, plugins: PluginCheck): string | undefined {
  if (s.charCodeAt(0) === DOT) {
    const keywordEnd = wordEnd(s, 1);
    if (keywordEnd !== -1) {
      // `.name?` is a predicate: it always parses, and its name and arguments are checked then.
      if (s.charCodeAt(keywordEnd) === QUESTION) return undefined;
      const keyword = s.slice(0, keywordEnd);
      const op = KEYWORDS.get(keyword);
      if (op === undefined) return messages.tagInvalidInstruction(keyword);
      return instruction(s, op, keywordEnd, plugins);
    }
  }
  const variables = readVariables(s, 0);
  return variables.ok ? formatterChain(s, variables.at, plugins) : undefined;
}

function whitespaceExpected(s: string, at: number): string {
  return messages.tagWhitespaceExpected(s.slice(at));
}

function extraChars(op: number, s: string, at: number): string | undefined {
  return at === s.length ? undefined : messages.tagExtraChars(opcodeName(op), s.slice(at));
}

/** The operands after an instruction keyword ending at `at`. */
function instruction(s: string, op: number, at: number, plugins: PluginCheck): string | undefined {
  switch (op) {
    case Opcode.ALTERNATES_WITH:
      if (s.charCodeAt(at) !== SPACE) return whitespaceExpected(s, at);
      if (!s.startsWith('with', at + 1)) return messages.tagMissingWith(s.slice(at + 1));
      return extraChars(op, s, at + 5);
    case Opcode.END:
    case Opcode.META_LEFT:
    case Opcode.META_RIGHT:
    case Opcode.NEWLINE:
    case Opcode.SPACE:
    case Opcode.TAB:
      return extraChars(op, s, at);
    case Opcode.OR_PREDICATE: {
      if (s.charCodeAt(at) !== SPACE) return extraChars(op, s, at);
      const nameEnd = wordEnd(s, at + 1);
      if (nameEnd !== -1 && s.charCodeAt(nameEnd) === QUESTION) return undefined;
      return messages.tagOrPredicate(opcodeName(op), s.slice(at + 1));
    }
    case Opcode.SECTION:
    case Opcode.REPEATED:
      return section(s, op, at);
    case Opcode.IF:
      return ifExpression(s, at);
    case Opcode.INCLUDE:
      // A malformed include is text without an error.
      return undefined;
  }
  // The rest start with a whitespace run.
  let i = skipWhitespace(s, at);
  if (i === at) return whitespaceExpected(s, at);
  switch (op) {
    case Opcode.EVAL:
      return undefined;
    case Opcode.MACRO: {
      const end = pathEnd(s, i);
      if (end === i) return messages.tagMacroName;
      return extraChars(op, s, end);
    }
  }
  // `.var`, `.ctx` and `.inject`: a local variable name, then another whitespace run.
  const nameEnd = definitionEnd(s, i);
  if (nameEnd === -1) {
    const found = s.slice(i);
    if (op === Opcode.BINDVAR) return messages.tagBindvarName(found);
    if (op === Opcode.CTXVAR) return messages.tagCtxvarName(found);
    return messages.tagInjectName(found);
  }
  i = skipWhitespace(s, nameEnd);
  if (i === nameEnd) return whitespaceExpected(s, nameEnd);
  switch (op) {
    case Opcode.BINDVAR: {
      const variables = readVariables(s, i);
      if (!variables.ok) return messages.tagMissingVariableName(s.slice(variables.at));
      return formatterChain(s, variables.at, plugins);
    }
    case Opcode.CTXVAR: {
      if (readCtxBindings(s, i) !== null) return undefined;
      // Where reading stopped: after a key without `=`, or after the `=` of a key without a value.
      const keyEnd = wordEnd(s, i);
      const stop = keyEnd === -1 ? i : s.charCodeAt(keyEnd) === EQUALS ? keyEnd + 1 : keyEnd;
      return messages.tagCtxvarBindings(s.slice(stop));
    }
    default:
      return pathEnd(s, i) === i ? messages.tagInjectPath(s.slice(i)) : undefined;
  }
}

/** `.section path` and `.repeated section path`. */
function section(s: string, op: number, at: number): string | undefined {
  let i = skipWhitespace(s, at);
  if (i === at) return whitespaceExpected(s, at);
  if (op === Opcode.REPEATED) {
    if (!s.startsWith('section', i)) return messages.tagMissingSection(s.slice(i));
    const afterKeyword = i + 7;
    i = skipWhitespace(s, afterKeyword);
    if (i === afterKeyword) return whitespaceExpected(s, afterKeyword);
  }
  const end = referenceEnd(s, i);
  if (end === -1) return messages.tagVariableExpected(s.slice(i));
  return extraChars(op, s, end);
}

/** `.if a && b || c`, at most IF_VARIABLE_LIMIT variables and one operator between each two. */
function ifExpression(s: string, at: number): string | undefined {
  let i = skipWhitespace(s, at);
  if (i === at) return whitespaceExpected(s, at);
  const nameEnd = wordEnd(s, i);
  if (nameEnd !== -1 && s.charCodeAt(nameEnd) === QUESTION) return undefined;
  let variables = 0;
  let operators = 0;
  for (;;) {
    const end = referenceEnd(s, i);
    if (end === -1) break;
    i = skipWhitespace(s, end);
    if (variables === IF_VARIABLE_LIMIT) return messages.tagIfTooManyVariables(IF_VARIABLE_LIMIT);
    variables++;
    const c = s.charCodeAt(i);
    if ((c !== AMPERSAND && c !== PIPE) || s.charCodeAt(i + 1) !== c) break;
    operators++;
    i = skipWhitespace(s, i + 2);
  }
  if (i !== s.length) return messages.tagIfVariableOrOperator(s.slice(i));
  if (variables === 0) return messages.tagIfEmpty;
  if (variables !== operators + 1) return messages.tagIfTooManyOperators;
  return undefined;
}

/** Variables separated by commas from `from`; `at` is where they end, or where reading failed. */
function readVariables(s: string, from: number): { ok: boolean; at: number } {
  let at = referenceEnd(s, from);
  if (at === -1) return { ok: false, at: from };
  for (;;) {
    const next = separatorEnd(s, at);
    if (next === -1) break;
    at = referenceEnd(s, next);
    if (at === -1) return { ok: false, at: next };
  }
  // `a||b` is script, not a formatter chain.
  if (s.charCodeAt(at) === PIPE && s.charCodeAt(at + 1) === PIPE) return { ok: false, at };
  return { ok: true, at };
}

/**
 * A formatter chain from `at`: its first problem, or undefined. Anything
 * else after the variables (`{a b}`, `{a = 1;}`) is text without an error.
 */
function formatterChain(s: string, at: number, plugins: PluginCheck): string | undefined {
  let i = at;
  while (s.charCodeAt(i) === PIPE) {
    const nameStart = i + 1;
    const nameEnd = wordEnd(s, nameStart);
    if (nameEnd === -1) return messages.tagFormatterInvalid(s.slice(nameStart));
    let argsEnd = s.indexOf('|', nameEnd);
    if (argsEnd === -1) argsEnd = s.length;
    const args = argsEnd > nameEnd ? splitArgs(s.slice(nameEnd, argsEnd)).args : null;
    const problem = plugins.formatter(s.slice(nameStart, nameEnd), args);
    if (problem !== undefined) return problem;
    i = argsEnd;
  }
  return undefined;
}
