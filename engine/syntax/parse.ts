/**
 * Template source → instruction tree.
 *
 * The outer scan finds tags the way the references do: from a `{`, the tag
 * runs to the first `}`, and a `{` met on the way starts the tag afresh (so
 * CSS and JSON braces stay text). `{## … ##}` is a multi-line comment and
 * `{# … }` a comment. The inside of each tag goes to the tag reader (through
 * the tag cache); a tag it rejects is literal text. Tags marked `{^…}` belong to the
 * preprocessor pass: in preprocess mode only they are instructions, in the
 * normal pass they are dropped.
 */
import { messages } from '../messages.ts';
import { Assembler } from './assembler.ts';
import { LIFTED, type Node, type RootNode } from './nodes.ts';
import * as N from './node-constructors.ts';
import { Opcode } from './opcodes.ts';
import { NOTHING_TO_CHECK, nextCompile, parseTagCached } from './tag-cache.ts';
import type { TagEntry } from './tag-entry.ts';
import { diagnoseTag } from './tag-diagnosis.ts';
import { AT, DOLLAR, DOT, isDigit, isLetter } from './tag-chars.ts';
import type { ParsedTag } from './parsed-tag.ts';
import { LineIndex, type SourcePositions } from './positions.ts';

export interface SyntaxError {
  message: string;
  offset: number;
  line: number;
  column: number;
  /** Reported as the Java reference's validate mode does: the tag stays text and the output is unchanged. */
  validation?: true;
}

/** Checks names against the plugin library; returns the problem or undefined. */
export interface PluginCheck {
  formatter(name: string, args: readonly string[] | null): string | undefined;
  predicate(name: string, args: readonly string[] | null): PredicateProblem | undefined;
}

/**
 * What is wrong with a predicate tag. As in the Java reference's safe mode, an unknown name keeps
 * its block (it runs as a predicate that is false), while refused arguments make the tag text.
 */
export interface PredicateProblem {
  message: string;
  tagIsText: boolean;
}

export interface ParseOptions {
  preprocess?: boolean;
  /** Deepest block nesting accepted (default: unlimited). */
  maxNesting?: number;
  plugins: PluginCheck;
  /** Positions in the author's text when the source is a rewritten copy of it (default: the source's own). */
  positions?: SourcePositions;
}

export interface ParseResult {
  root: RootNode;
  errors: SyntaxError[];
  lines: SourcePositions;
  /** How deep compiling the tree recurses: nested blocks, each `.or` of a block one level more. */
  depth: number;
}

/** An error as the scan or the assembler finds it, before its offset is turned into a position. */
interface FoundError {
  message: string;
  offset: number;
  validation?: true;
}

export function parseTemplate(source: string, options: ParseOptions): ParseResult {
  const scanner = new Scanner(source, options);
  scanner.run();
  const lines = options.positions ?? new LineIndex(source);
  const found = scanner.errors.length + scanner.assembler.errors.length;
  const errors: SyntaxError[] =
    found === 0
      ? []
      : ([...scanner.errors, ...scanner.assembler.errors] as FoundError[])
          .sort((a, b) => a.offset - b.offset)
          .map((e) => {
            const error: SyntaxError = { message: e.message, offset: e.offset, ...lines.position(e.offset) };
            if (e.validation) error.validation = true;
            return error;
          });
  return { root: scanner.assembler.root, errors, lines, depth: scanner.assembler.deepest };
}

/*
 * How the scanner is laid out: the work every tag needs is written out in one loop, because a
 * process's first templates run it before the JIT has compiled it, where each call costs about as
 * much as a step's work. What varies by kind of tag (checking its names, building its node) is
 * called through tables indexed by opcode, and the loop reads only objects of one shape (a tag
 * entry, never the parsed tag): the loop is optimized while the first templates are compiled, and
 * a property read or a call on a kind of object those templates never had would throw the whole
 * optimized loop away the first time a later template has it. A call through a table to a
 * function not seen before is just a call.
 */

const HASH = 35;
const CARET = 94;

class Scanner {
  // Declared, and set by the constructor: fields with initializers are defined by a second
  // function, one more for a process's first compile to run before the JIT has compiled it.
  declare readonly src: string;
  declare readonly options: ParseOptions;
  declare readonly assembler: Assembler;
  declare readonly errors: FoundError[];
  declare readonly preprocess: boolean;
  /** This compile's number, for the tag cache's admission rule. */
  declare readonly compile: number;
  /**
   * Where the text not yet given to the assembler starts: text runs up to the next node, and a
   * tag that turns out to be text simply stays part of it.
   */
  declare textStart: number;
  /**
   * Where the scan last resumed after a multi-line comment, and where the Java reference's
   * text position (just after the last `}` it met outside comments) stood then.
   */
  declare commentResume: number;
  declare textAnchor: number;
  /** Where the last multi-line comment began: the place of a tag read across it (see tagAcrossComment). */
  declare lastComment: number;

  constructor(src: string, options: ParseOptions) {
    this.src = src;
    this.options = options;
    this.assembler = new Assembler(options.maxNesting);
    this.errors = [];
    this.preprocess = options.preprocess === true;
    this.compile = nextCompile();
    this.textStart = 0;
    this.commentResume = 0;
    this.textAnchor = 0;
    this.lastComment = 0;
  }

  /**
   * Finds each tag, reads it through the cache, checks it, builds its node, and hands the
   * assembler the text before it and the node (see above for why in one loop).
   */
  run(): void {
    const src = this.src;
    const preprocess = this.preprocess;
    const plugins = this.options.plugins;
    const assembler = this.assembler;
    const compile = this.compile;
    let idx = 0;
    /** The first `{` after the last tag when finding the tag's end found it already (-2: search again). */
    let next = -2;
    /** A `{` still waiting for its `}` when a `{## … ##}` comment began (-1: none; see tagAcrossComment). */
    let pending = -1;
    for (;;) {
      const start = next === -1 || next >= idx ? next : src.indexOf('{', idx);
      if (pending !== -1) {
        const close = src.indexOf('}', idx);
        if (close !== -1 && (start === -1 || start > close)) {
          tagAcrossComment(this, pending, close);
          pending = -1;
          next = start;
          idx = close + 1;
          continue;
        }
        // Another `{` takes its place, unless it starts one more multi-line comment.
        if (start === -1 || !startsMultilineComment(src, start)) pending = -1;
      }
      if (start === -1) break;
      next = -2;
      if (startsMultilineComment(src, start)) {
        idx = multilineComment(this, start);
        if (idx === -1) break;
        continue;
      }
      const close = src.indexOf('}', start + 1);
      if (close === -1) {
        // No tag can end, but a multi-line comment may still begin (and run to the end).
        const comment = src.indexOf('{##', start + 1);
        if (comment === -1) break;
        next = idx = comment;
        continue;
      }
      // A `{` met before the `}` starts the tag afresh; the search ends at the first `{` after
      // the tag, which the next turn starts from. A `{##` met there begins a multi-line comment
      // at once, as in the Java reference, and the `{` before it waits for a `}` after it.
      let open: number;
      let inner = start;
      do {
        open = inner;
        inner = src.indexOf('{', inner + 1);
      } while (inner !== -1 && inner < close && !startsMultilineComment(src, inner));
      if (inner !== -1 && inner < close) {
        pending = open;
        next = idx = inner;
        continue;
      }
      next = inner;
      idx = close + 1;
      let begin = open + 1;
      let c = src.charCodeAt(begin);
      if (preprocess) {
        // In preprocess mode only `{^…}` tags are instructions (or comments); the rest is text.
        if (c !== CARET) continue;
        begin++;
        c = src.charCodeAt(begin);
      }
      if (c === HASH || (c === CARET && !preprocess)) {
        OTHER_TAGS[c === HASH ? COMMENT : LIFTED_TAG]!(this, open, begin, close);
        continue;
      }
      if (begin === close) continue;
      const content = src.slice(begin, close);
      const entry = parseTagCached(content, compile);
      if (entry === null) {
        notATag(this, content, open);
        continue;
      }
      const passed = entry.passed;
      const op = entry.op;
      if (passed !== plugins && passed !== NOTHING_TO_CHECK && !CHECKS[op]!(this, entry, open)) continue;
      const node = NODE_BUILDERS[op]!(entry.parsed, open, assembler);
      const from = this.textStart;
      if (from < open) assembler.acceptText(from, src.slice(from, open));
      assembler.accept(node, op);
      this.textStart = close + 1;
    }
    const len = src.length;
    this.node(new N.Simple(Opcode.EOF, len), Opcode.EOF, len, len);
    assembler.finish();
  }

  /** Gives the assembler the text before `offset`, then `node` (opcode `op`), whose source ends at `end`. */
  node(node: Node, op: number, offset: number, end: number): void {
    const from = this.textStart;
    if (from < offset) this.assembler.acceptText(from, this.src.slice(from, offset));
    this.assembler.accept(node, op);
    this.textStart = end;
  }
}

/** Whether the `{` at `at` opens a `{## … ##}` comment. */
function startsMultilineComment(src: string, at: number): boolean {
  return src.charCodeAt(at + 1) === HASH && src.charCodeAt(at + 2) === HASH;
}

/**
 * The Java reference's scan remembers the last `{` until a `}` is met, and a multi-line comment
 * begun in between leaves it remembered: the first `}` after the comment, with no other `{` on
 * the way, closes a tag from that `{` to the `}`, the comment's source included. The text up to
 * the comment was written already, so a tag that is text writes its start a second time
 * (`{a {## note ##} b}` → `{a {a {## note ##} b}`), as the reference does. The tag's inside is
 * read as any other (`{.eval "{## a ##}"}` is an instruction whose code holds the comment's
 * source; see the tag reader's argumentsEnd for the `}` it holds), and the instruction and its
 * errors are placed where the last comment began, the last `{` the reference's scan met.
 */
function tagAcrossComment(scanner: Scanner, open: number, close: number): void {
  const src = scanner.src;
  const at = scanner.lastComment;
  const asText = (): void => {
    scanner.assembler.acceptText(open, src.slice(open, close + 1));
    scanner.textStart = close + 1;
  };
  let begin = open + 1;
  let c = src.charCodeAt(begin);
  if (scanner.preprocess) {
    if (c !== CARET) return asText();
    begin++;
    c = src.charCodeAt(begin);
  }
  if (c === HASH || (c === CARET && !scanner.preprocess)) {
    OTHER_TAGS[c === HASH ? COMMENT : LIFTED_TAG]!(scanner, open, begin, close);
    return;
  }
  const content = src.slice(begin, close);
  const entry = parseTagCached(content, scanner.compile);
  if (entry === null) {
    notATag(scanner, content, at);
    return asText();
  }
  const plugins = scanner.options.plugins;
  if (entry.passed !== plugins && entry.passed !== NOTHING_TO_CHECK && !CHECKS[entry.op]!(scanner, entry, at)) {
    return asText();
  }
  // The text before the tag went out before the comment: nothing is written ahead of the node.
  scanner.node(NODE_BUILDERS[entry.op]!(entry.parsed, at, scanner.assembler), entry.op, open, close + 1);
}

/** `{## … ##}` at `start`: returns where the scan goes on (-1: it ends). */
function multilineComment(scanner: Scanner, start: number): number {
  const src = scanner.src;
  const end = src.indexOf('##}', start + 3);
  const text = end === -1 ? src.slice(start + 3) : src.slice(start + 3, end);
  scanner.node(new N.Comment(start, text, true), Opcode.COMMENT, start, end === -1 ? src.length : end + 3);
  scanner.lastComment = start;
  const lastBrace = src.lastIndexOf('}', start - 1);
  if (lastBrace >= scanner.commentResume) scanner.textAnchor = lastBrace + 1;
  if (end === -1) {
    // Reported where the reference reports it: at the start of the text the comment is in.
    scanner.errors.push({ message: messages.commentUnterminated, offset: scanner.textAnchor, validation: true });
    return -1;
  }
  scanner.commentResume = end + 3;
  return end + 3;
}

/**
 * A tag the reader rejected. Only such tags are diagnosed. Most are CSS or script braces, and those
 * that cannot start an instruction or a reference are text without a word (the diagnosis would find
 * no reference there either), so the diagnosis is not run for them.
 */
function notATag(scanner: Scanner, content: string, open: number): void {
  const c = content.charCodeAt(0);
  if (!(c === DOT || isLetter(c) || isDigit(c) || c === AT || c === DOLLAR)) return;
  const problem = diagnoseTag(content, scanner.options.plugins);
  if (problem !== undefined) scanner.errors.push({ message: problem, offset: open, validation: true });
}

// The `{…}` that are not read: a comment, and a preprocessor tag kept for tools.
const COMMENT = 0;
const LIFTED_TAG = 1;
type OtherTag = (scanner: Scanner, open: number, begin: number, close: number) => void;
const OTHER_TAGS: OtherTag[] = [
  (scanner, open, begin, close) =>
    scanner.node(new N.Comment(open, scanner.src.slice(begin + 1, close), false), Opcode.COMMENT, open, close + 1),
  // Preprocessor tags render nothing in the normal pass; the tree keeps them for tools.
  (scanner, open, _begin, close) =>
    scanner.node(new N.Lifted(open, scanner.src.slice(open, close + 1)), LIFTED, open, close + 1),
];

/**
 * Checks a tag's formatter or predicate names and arguments, reporting each problem at
 * `offset`; false when the tag is text. A tag without problems is remembered as passing
 * this check.
 */
type Check = (scanner: Scanner, entry: TagEntry, offset: number) => boolean;
const CHECKS: Check[] = [];
const nothingToCheck: Check = (scanner, entry) => {
  entry.passed = scanner.options.plugins;
  return true;
};
const checkFormatters: Check = (scanner, entry, offset) => {
  const plugins = scanner.options.plugins;
  const tag = entry.parsed as TagOf<typeof Opcode.VARIABLE | typeof Opcode.BINDVAR>;
  for (const call of tag.formatters) {
    const problem = plugins.formatter(call.name, call.args);
    if (problem !== undefined) {
      // The first unknown formatter or refused argument makes the whole tag text, reported
      // once, as the Java reference's compile with errors allowed (its safe mode) does.
      scanner.errors.push({ message: problem, offset });
      return false;
    }
  }
  entry.passed = plugins;
  return true;
};
const checkPredicate: Check = (scanner, entry, offset) => {
  const plugins = scanner.options.plugins;
  const tag = entry.parsed as TagOf<typeof Opcode.PREDICATE>;
  const problem = tag.name === null ? undefined : plugins.predicate(tag.name, tag.args);
  if (problem === undefined) {
    entry.passed = plugins;
    return true;
  }
  scanner.errors.push({ message: problem.message, offset });
  return !problem.tagIsText;
};
for (let op = 0; op <= Opcode.INCLUDE; op++) CHECKS[op] = nothingToCheck;
CHECKS[Opcode.VARIABLE] = checkFormatters;
CHECKS[Opcode.BINDVAR] = checkFormatters;
CHECKS[Opcode.PREDICATE] = checkPredicate;
CHECKS[Opcode.OR_PREDICATE] = checkPredicate;

/** Builds one kind of tag's node from its parsed syntax, at `offset` (a block's builder also tells the assembler its list). */
type NodeBuilder = (tag: ParsedTag, offset: number, assembler: Assembler) => Node;
/** The parsed tags an opcode can have (a tag kind may share its shape with another opcode). */
type TagOf<Op> = ParsedTag extends infer T ? (T extends { op: infer O } ? (Op extends O ? T : never) : never) : never;

/**
 * One builder per opcode (nodes are made by constructors: see node-constructors.ts), called
 * through this table rather than chosen by a switch: the scanner's loop is optimized while the
 * first templates are compiled, and a switch arm those templates never reached would throw that
 * code away (and have it optimized again) the first time a later template has such a tag.
 */
const NODE_BUILDERS: NodeBuilder[] = [];
function builder<Op extends ParsedTag['op']>(
  ops: Op[],
  build: (tag: TagOf<Op>, offset: number, assembler: Assembler) => Node,
): void {
  for (const op of ops) NODE_BUILDERS[op] = build as NodeBuilder;
}
/** A block's node: the assembler is told the list its body goes into. */
function opens<B extends Node & { consequent: Node[] }>(assembler: Assembler, node: B): B {
  assembler.opening = node.consequent;
  return node;
}
builder([Opcode.VARIABLE], (tag, offset) => new N.Variable(offset, tag.variables, tag.formatters));
builder([Opcode.BINDVAR], (tag, offset) => new N.Bindvar(offset, tag.name, tag.variables, tag.formatters));
builder([Opcode.PREDICATE, Opcode.OR_PREDICATE], (tag, offset, assembler) =>
  opens(assembler, new N.Predicate(tag.op, offset, tag.name, tag.args, tag.delimiter, tag.viaIf)),
);
builder([Opcode.SECTION], (tag, offset, assembler) => opens(assembler, new N.Section(offset, tag.path)));
builder([Opcode.REPEATED], (tag, offset, assembler) => opens(assembler, new N.Repeated(offset, tag.path)));
builder([Opcode.IF], (tag, offset, assembler) => opens(assembler, new N.If(offset, tag.operators, tag.variables)));
builder([Opcode.MACRO], (tag, offset, assembler) => opens(assembler, new N.Macro(offset, tag.name)));
builder([Opcode.CTXVAR], (tag, offset) => new N.Ctxvar(offset, tag.name, tag.bindings));
builder([Opcode.EVAL], (tag, offset) => new N.Eval(offset, tag.code));
builder([Opcode.INCLUDE], (tag, offset) => new N.Include(offset, tag.name, tag.args, tag.delimiter));
builder([Opcode.INJECT], (tag, offset) => new N.Inject(offset, tag.name, tag.path, tag.args, tag.delimiter));
builder(
  [
    Opcode.END,
    Opcode.EOF,
    Opcode.ALTERNATES_WITH,
    Opcode.META_LEFT,
    Opcode.META_RIGHT,
    Opcode.NEWLINE,
    Opcode.SPACE,
    Opcode.TAB,
  ],
  (tag, offset) => new N.Simple(tag.op, offset),
);
