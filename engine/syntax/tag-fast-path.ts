/**
 * The tag reader: a hand-written reader of one tag's inside that decides
 * every tag the way the Chevrotain grammar of record (tag-parser.ts) does —
 * variables with formatter chains, `.section`, `.repeated section`, `.end`,
 * `.or`, `.alternates with`, predicates (`.name?`, `.if name?`, `.or name?`),
 * `.if` conditions, `.var`, `.ctx`, `.eval`, `.include`, `.inject`, `.macro`
 * and the character instructions — and null for anything else.
 *
 * It follows the lexer's rules exactly: in each mode the first token type
 * that matches wins (a `@name` in `.var` is a definition even when a
 * reference would go further), and a tag must be consumed to its end. Each
 * instruction's grammar is one fixed sequence of tokens, so a tag that leaves
 * the accepted shape at any point either fails to lex or leaves tokens the
 * rule cannot take: the grammar rejects it too (the tests check the two
 * against each other on generated tags and their near misses).
 * Why: building the Chevrotain lexer and parser costs tens of milliseconds
 * and each tag first seen several microseconds, which dominated the first
 * compile of a template in a fresh process; compiling never loads it now.
 */
import { readCtxBindings } from './ctx-bindings.ts';
import { Opcode } from './opcodes.ts';
import { splitPath, type FormatterCall, type Path } from './nodes.ts';
import {
  definitionEnd,
  isDigit,
  isLetter,
  isPathChar,
  pathEnd,
  referenceEnd,
  separatorEnd,
  skipWhitespace,
  wordEnd,
  AMPERSAND,
  AT,
  DOLLAR,
  DOT,
  PIPE,
  QUESTION,
  SPACE,
} from './tag-chars.ts';
import { IF_VARIABLE_LIMIT, splitArgs, splitArgsToPipe } from './parsed-tag.ts';
import { entryOf, type TagEntry } from './tag-entry.ts';

/** Not an instruction: the template keeps `{…}` as text. */
const NOT_A_TAG = null;

function pathOf(s: string, from: number, to: number): Path {
  return splitPath(from === 0 && to === s.length ? s : s.slice(from, to));
}

/** Optional raw arguments from `from` to the end, or to a `}` (what follows it is ignored). */
function restArgs(s: string, from: number): { args: string[] | null; delimiter: string } {
  const end = argumentsEnd(s, from);
  return from < end ? splitArgs(s.slice(from, end)) : { args: null, delimiter: '' };
}

/**
 * Where raw arguments starting at `from` end: at a `}`, else at the end of the tag. A tag holds a
 * `}` only when a multi-line comment stands inside it (see parse.ts, tagAcrossComment); like the
 * Java reference's readers, raw arguments stop there and the instructions that read them ignore
 * the rest, while `.eval`'s code runs on to the end and every other instruction is text.
 */
function argumentsEnd(s: string, from: number): number {
  const brace = s.indexOf('}', from);
  return brace === -1 ? s.length : brace;
}

export function parseTagFast(content: string): TagEntry | null {
  const c = content.charCodeAt(0);
  if (c === DOT) return instruction(content);
  // Only an instruction's raw arguments or code may hold a `}` (see argumentsEnd).
  if (content.includes('}')) return NOT_A_TAG;
  // Neither an instruction nor a reference can start here: CSS, script and JSON braces.
  if (!(isLetter(c) || isDigit(c) || c === AT || c === DOLLAR)) return null;
  // The commonest variables, one reference alone or before its formatters, are read here; a list
  // of variables goes to the full reader.
  const end = referenceEnd(content, 0);
  if (end === content.length) return entryOf(Opcode.VARIABLE, { op: Opcode.VARIABLE, variables: [pathOf(content, 0, end)], formatters: [] });
  if (end !== -1 && content.charCodeAt(end) === PIPE) {
    const formatters = formatterChain(content, end);
    if (formatters === NOT_A_TAG) return NOT_A_TAG;
    return entryOf(Opcode.VARIABLE, { op: Opcode.VARIABLE, variables: [pathOf(content, 0, end)], formatters });
  }
  return variable(content);
}

/**
 * A variable list and optional formatters from `from` to the end of the tag.
 * `definitions`: the `.var` mode, where `@word` lexes as a definition first.
 */
function variablesAndFormatters(
  s: string,
  from: number,
  definitions: boolean,
): { variables: Path[]; formatters: FormatterCall[] } | null {
  const len = s.length;
  const variables: Path[] = [];
  let i = from;
  for (;;) {
    let end = definitions ? definitionEnd(s, i) : -1;
    if (end === -1) end = referenceEnd(s, i);
    if (end === -1) return NOT_A_TAG;
    variables.push(pathOf(s, i, end));
    i = end;
    if (i === len) return { variables, formatters: [] };
    if (s.charCodeAt(i) === PIPE) break;
    i = separatorEnd(s, i);
    if (i === -1) return NOT_A_TAG;
  }
  const formatters = formatterChain(s, i);
  return formatters === NOT_A_TAG ? NOT_A_TAG : { variables, formatters };
}

/** `|name args|name…` from the first pipe at `from` to the end of the tag. */
function formatterChain(s: string, from: number): FormatterCall[] | null {
  const len = s.length;
  const calls: FormatterCall[] = [];
  let i = from;
  while (i < len) {
    // s[i] is a pipe; a formatter name must follow it.
    const nameStart = i + 1;
    const nameEnd = wordEnd(s, nameStart);
    if (nameEnd === -1) return NOT_A_TAG;
    const name = s.slice(nameStart, nameEnd);
    let argsEnd = s.indexOf('|', nameEnd);
    if (argsEnd === -1) argsEnd = len;
    if (argsEnd > nameEnd) {
      const { args, delimiter } = splitArgs(s.slice(nameEnd, argsEnd));
      calls.push({ name, args, delimiter });
    } else {
      calls.push({ name, args: null, delimiter: '' });
    }
    i = argsEnd;
  }
  return calls;
}

function variable(s: string): TagEntry | null {
  const parsed = variablesAndFormatters(s, 0, false);
  if (parsed === NOT_A_TAG) return NOT_A_TAG;
  return entryOf(Opcode.VARIABLE, { op: Opcode.VARIABLE, variables: parsed.variables, formatters: parsed.formatters });
}

/**
 * `.section `, `.repeated section ` and `.if ` (the keyword and a whitespace run), the commonest
 * instructions: a tag that goes on with one reference to its end is read at once.
 */
const BLOCK_START = /\.(?:section|repeated[ \f\n\r\t\v]+section|if)[ \f\n\r\t\v]+/y;
const LETTER_S = 115;
const LETTER_R = 114;

/**
 * An instruction tag. The commonest shapes (a block over one reference, a predicate) are read in
 * this short function; the rest go to `otherInstruction`, which a process compiles only when its
 * templates first have one.
 */
function instruction(s: string): TagEntry | null {
  // Such a tag is no predicate (whitespace follows the word) and no other keyword starts it.
  BLOCK_START.lastIndex = 0;
  if (BLOCK_START.test(s)) {
    const from = BLOCK_START.lastIndex;
    if (referenceEnd(s, from) === s.length) {
      const path = pathOf(s, from, s.length);
      const k = s.charCodeAt(1);
      return k === LETTER_S
        ? entryOf(Opcode.SECTION, { op: Opcode.SECTION, path })
        : k === LETTER_R
          ? entryOf(Opcode.REPEATED, { op: Opcode.REPEATED, path })
          : entryOf(Opcode.IF, { op: Opcode.IF, operators: [], variables: [path] });
    }
  }
  // `.name?` lexes as a predicate before any keyword does.
  const nameEnd = wordEnd(s, 1);
  if (nameEnd !== -1 && s.charCodeAt(nameEnd) === QUESTION) {
    const { args, delimiter } = restArgs(s, nameEnd + 1);
    return entryOf(Opcode.PREDICATE, { op: Opcode.PREDICATE, name: s.slice(1, nameEnd + 1), args, delimiter, viaIf: false });
  }
  return otherInstruction(s);
}

/** An instruction that is neither a predicate nor a block over one reference. */
function otherInstruction(s: string): TagEntry | null {
  switch (s) {
    case '.end':
      return entryOf(Opcode.END, { op: Opcode.END });
    case '.or':
      return entryOf(Opcode.OR_PREDICATE, { op: Opcode.OR_PREDICATE, name: null, args: null, delimiter: '', viaIf: false });
    case '.alternates with':
      return entryOf(Opcode.ALTERNATES_WITH, { op: Opcode.ALTERNATES_WITH });
    case '.eof':
      return entryOf(Opcode.EOF, { op: Opcode.EOF });
    case '.meta-left':
      return entryOf(Opcode.META_LEFT, { op: Opcode.META_LEFT });
    case '.meta-right':
      return entryOf(Opcode.META_RIGHT, { op: Opcode.META_RIGHT });
    case '.newline':
      return entryOf(Opcode.NEWLINE, { op: Opcode.NEWLINE });
    case '.space':
      return entryOf(Opcode.SPACE, { op: Opcode.SPACE });
    case '.tab':
      return entryOf(Opcode.TAB, { op: Opcode.TAB });
  }
  // No keyword is a prefix of another, so the first that starts the tag is the lexer's. A
  // `.section` or `.repeated section` that `instruction` did not read is not one reference
  // after a whitespace run: it does not parse.
  if (s.startsWith('.section') || s.startsWith('.repeated')) return NOT_A_TAG;
  if (s.startsWith('.or')) return orPredicate(s);
  // Nor is such an `.if`: it is a predicate or a condition with operators, or does not parse.
  if (s.startsWith('.if')) return ifTag(s);
  if (s.startsWith('.var')) return bindvar(s);
  if (s.startsWith('.eval')) return evaluate(s);
  if (s.startsWith('.include')) return include(s);
  if (s.startsWith('.inject')) return inject(s);
  if (s.startsWith('.macro')) return macro(s);
  if (s.startsWith('.ctx')) return ctxvar(s);
  // No keyword starts it (it does not lex), or a keyword without operands has more after it.
  return NOT_A_TAG;
}

/** `.or name? args` (the plain `.or` is answered above). */
function orPredicate(s: string): TagEntry | null {
  if (s.charCodeAt(3) !== SPACE) return NOT_A_TAG;
  const nameEnd = wordEnd(s, 4);
  if (nameEnd === -1 || s.charCodeAt(nameEnd) !== QUESTION) return NOT_A_TAG;
  const { args, delimiter } = restArgs(s, nameEnd + 1);
  return entryOf(Opcode.OR_PREDICATE, { op: Opcode.OR_PREDICATE, name: s.slice(4, nameEnd + 1), args, delimiter, viaIf: false });
}

/** `.if name? args`, or `.if a && b || c` (whitespace optional around operators). */
function ifTag(s: string): TagEntry | null {
  const len = s.length;
  let i = skipWhitespace(s, 3);
  if (i === 3) return NOT_A_TAG;
  const nameEnd = wordEnd(s, i);
  if (nameEnd !== -1 && s.charCodeAt(nameEnd) === QUESTION) {
    const { args, delimiter } = restArgs(s, nameEnd + 1);
    return entryOf(Opcode.PREDICATE, { op: Opcode.PREDICATE, name: s.slice(i, nameEnd + 1), args, delimiter, viaIf: true });
  }
  const variables: Path[] = [];
  const operators: (0 | 1)[] = [];
  for (;;) {
    // A `word?` here would lex as a predicate name, which fails too: the `?` is never accepted below.
    const end = referenceEnd(s, i);
    if (end === -1) return NOT_A_TAG;
    // Past the Java reference's limit the tag is not an instruction (its diagnosis reports why).
    if (variables.length === IF_VARIABLE_LIMIT) return null;
    variables.push(pathOf(s, i, end));
    i = skipWhitespace(s, end);
    if (i === len) return entryOf(Opcode.IF, { op: Opcode.IF, operators, variables });
    const c = s.charCodeAt(i);
    if ((c !== AMPERSAND && c !== PIPE) || s.charCodeAt(i + 1) !== c) return NOT_A_TAG;
    operators.push(c === AMPERSAND ? 1 : 0);
    i = skipWhitespace(s, i + 2);
  }
}

/** `.var @name a, b|fmt`: whitespace runs around the name; in this mode `@word` is a definition, tried before references. */
function bindvar(s: string): TagEntry | null {
  // Neither its references nor its formatters' arguments take a `}` (see argumentsEnd).
  if (s.includes('}')) return NOT_A_TAG;
  const nameStart = skipWhitespace(s, 4);
  if (nameStart === 4) return NOT_A_TAG;
  const nameEnd = definitionEnd(s, nameStart);
  if (nameEnd === -1) return NOT_A_TAG;
  const variablesStart = skipWhitespace(s, nameEnd);
  if (variablesStart === nameEnd) return NOT_A_TAG;
  const parsed = variablesAndFormatters(s, variablesStart, true);
  if (parsed === NOT_A_TAG) return NOT_A_TAG;
  return entryOf(Opcode.BINDVAR, { op: Opcode.BINDVAR, name: s.slice(nameStart, nameEnd), variables: parsed.variables, formatters: parsed.formatters });
}

/** `.ctx @name key=path …`: whitespace runs around the name; the tag ends where the bindings stop. */
function ctxvar(s: string): TagEntry | null {
  const nameStart = skipWhitespace(s, 4);
  if (nameStart === 4) return NOT_A_TAG;
  const nameEnd = definitionEnd(s, nameStart);
  if (nameEnd === -1) return NOT_A_TAG;
  const bindingsStart = skipWhitespace(s, nameEnd);
  if (bindingsStart === nameEnd) return NOT_A_TAG;
  const bindings = readCtxBindings(s, bindingsStart);
  if (bindings === null) return NOT_A_TAG;
  return entryOf(Opcode.CTXVAR, { op: Opcode.CTXVAR, name: s.slice(nameStart, nameEnd), bindings });
}

/** `.eval code`: a whitespace run, then the code to the end. */
function evaluate(s: string): TagEntry | null {
  const start = skipWhitespace(s, 5);
  if (start === 5) return NOT_A_TAG;
  return entryOf(Opcode.EVAL, { op: Opcode.EVAL, code: s.slice(start) });
}

/** `.include name args`: space-delimited arguments up to the first `|`, the first being the name. */
function include(s: string): TagEntry | null {
  if (s.charCodeAt(8) !== SPACE) return NOT_A_TAG;
  const { args, delimiter } = splitArgsToPipe(s.slice(8));
  const name = args?.[0];
  if (args === null || name === undefined || name === '') return NOT_A_TAG;
  return entryOf(Opcode.INCLUDE, { op: Opcode.INCLUDE, name, args: args.slice(1), delimiter });
}

/** `.inject @name path args`: whitespace runs around the name; the arguments end at the first `|`. */
function inject(s: string): TagEntry | null {
  const nameStart = skipWhitespace(s, 7);
  if (nameStart === 7) return NOT_A_TAG;
  const nameEnd = definitionEnd(s, nameStart);
  if (nameEnd === -1) return NOT_A_TAG;
  const pathStart = skipWhitespace(s, nameEnd);
  if (pathStart === nameEnd) return NOT_A_TAG;
  const end = pathEnd(s, pathStart);
  if (end === pathStart) return NOT_A_TAG;
  const { args, delimiter } = splitArgsToPipe(s.slice(end));
  return entryOf(Opcode.INJECT, { op: Opcode.INJECT, name: s.slice(nameStart, nameEnd), path: s.slice(pathStart, end), args, delimiter });
}

/** `.macro path`: a whitespace run, then a file path to the end. */
function macro(s: string): TagEntry | null {
  const start = skipWhitespace(s, 6);
  if (start === 6 || start === s.length) return NOT_A_TAG;
  for (let i = start; i < s.length; i++) if (!isPathChar(s.charCodeAt(i))) return NOT_A_TAG;
  return entryOf(Opcode.MACRO, { op: Opcode.MACRO, name: s.slice(start) });
}
