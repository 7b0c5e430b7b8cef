/**
 * A hand-written reader for the commonest tag shapes (`{a.b}`, `{a|fmt args}`,
 * `.end`, `.or`, `.alternates with`, `.section a`, `.repeated section a`),
 * in front of the Chevrotain parser, which stays the grammar of record. It
 * returns exactly what the Chevrotain parser returns for these shapes, and
 * undefined for anything it is not sure of, which then goes to Chevrotain.
 * Why: a tag first seen costs Chevrotain several microseconds to lex and
 * parse, which dominated cold compiles.
 */
import { Opcode } from './opcodes.ts';
import { splitPath, type FormatterCall } from './nodes.ts';
import { Reference } from './tag-lexer.ts';
import { splitArgs, type ParsedTag } from './tag-parser.ts';

// The same pattern the lexer uses for references, sticky so it matches where the lexer would.
const referenceAt = new RegExp((Reference.PATTERN as RegExp).source, 'y');

/** Length of the reference token starting at `from`, or 0 when none starts there. */
function referenceLength(content: string, from: number): number {
  referenceAt.lastIndex = from;
  const m = referenceAt.exec(content);
  return m === null ? 0 : m[0].length;
}

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isWordChar(c: number): boolean {
  return isLetter(c) || (c >= 48 && c <= 57) || c === 95 || c === 45;
}

/** Lexer's Whitespace class: space, \f, \n, \r, \t, \v. */
function isWhitespace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

export function parseTagFast(content: string): ParsedTag | undefined {
  // The scanner never passes a `}`; the grammar's raw arguments stop at one, so leave such text to it.
  if (content.includes('}')) return undefined;
  return content.charCodeAt(0) === 46 /* . */ ? instruction(content) : variable(content);
}

function variable(content: string): ParsedTag | undefined {
  const refLen = referenceLength(content, 0);
  if (refLen === 0) return undefined;
  const variables = [splitPath(content.slice(0, refLen))];
  if (refLen === content.length) return { op: Opcode.VARIABLE, variables, formatters: [] };
  if (content.charCodeAt(refLen) !== 124 /* | */) return undefined;
  const formatters: FormatterCall[] = [];
  let i = refLen;
  while (i < content.length) {
    // Here content[i] is a pipe; a formatter name (a word) must follow it.
    const nameStart = i + 1;
    if (!isLetter(content.charCodeAt(nameStart))) return undefined;
    let j = nameStart + 1;
    while (j < content.length && isWordChar(content.charCodeAt(j))) j++;
    const name = content.slice(nameStart, j);
    let argsEnd = content.indexOf('|', j);
    if (argsEnd === -1) argsEnd = content.length;
    if (argsEnd > j) {
      const { args, delimiter } = splitArgs(content.slice(j, argsEnd));
      formatters.push({ name, args, delimiter });
    } else {
      formatters.push({ name, args: null, delimiter: '' });
    }
    i = argsEnd;
  }
  return { op: Opcode.VARIABLE, variables, formatters };
}

function instruction(content: string): ParsedTag | undefined {
  switch (content) {
    case '.end':
      return { op: Opcode.END };
    case '.or':
      return { op: Opcode.OR_PREDICATE, name: null, args: null, delimiter: '', viaIf: false };
    case '.alternates with':
      return { op: Opcode.ALTERNATES_WITH };
  }
  let op: typeof Opcode.SECTION | typeof Opcode.REPEATED;
  let i: number;
  if (content.startsWith('.section')) {
    op = Opcode.SECTION;
    i = 8;
  } else if (content.startsWith('.repeated section')) {
    op = Opcode.REPEATED;
    i = 17;
  } else {
    return undefined;
  }
  const wsStart = i;
  while (i < content.length && isWhitespace(content.charCodeAt(i))) i++;
  if (i === wsStart) return undefined;
  const refLen = referenceLength(content, i);
  if (refLen === 0 || i + refLen !== content.length) return undefined;
  return { op, path: splitPath(content.slice(i)) };
}
