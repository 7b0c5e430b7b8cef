/**
 * Template source → instruction tree.
 *
 * The outer scan finds tags the way the references do: from a `{`, the tag
 * runs to the first `}`, and a `{` met on the way starts the tag afresh (so
 * CSS and JSON braces stay text). `{## … ##}` is a multi-line comment and
 * `{# … }` a comment. The inside of each tag goes to the Chevrotain tag
 * parser; a tag it rejects is literal text. Tags marked `{^…}` belong to the
 * preprocessor pass: in preprocess mode only they are instructions, in the
 * normal pass they are dropped.
 */
import { messages } from '../messages.ts';
import { Assembler } from './assembler.ts';
import { LIFTED, type Node, type RootNode } from './nodes.ts';
import * as N from './node-constructors.ts';
import { Opcode } from './opcodes.ts';
import { nextCompile, parseTagCached, type TagEntry } from './tag-cache.ts';
import { diagnoseTag } from './tag-diagnosis.ts';
import type { ParsedTag } from './parsed-tag.ts';
import { LineIndex } from './positions.ts';

export interface SyntaxError {
  message: string;
  offset: number;
  line: number;
  column: number;
  /** Reported as the Java reference's validate mode does: the tag stays text and the output is unchanged. */
  validation?: true;
}

/** Checks names against the plugin library; returns an error message or undefined. */
export interface PluginCheck {
  formatter(name: string, args: readonly string[] | null): string | undefined;
  predicate(name: string, args: readonly string[] | null): string | undefined;
}

export interface ParseOptions {
  preprocess?: boolean;
  /** Deepest block nesting accepted (default: unlimited). */
  maxNesting?: number;
  plugins: PluginCheck;
}

export interface ParseResult {
  root: RootNode;
  errors: SyntaxError[];
  lines: LineIndex;
  /** How many tags were instructions: a bound on how deep compiling the tree recurses. */
  instructions: number;
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
  const lines = new LineIndex(source);
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
  return { root: scanner.assembler.root, errors, lines, instructions: scanner.instructions };
}

class Scanner {
  readonly assembler: Assembler;
  readonly errors: FoundError[] = [];
  /** Tags that became instructions. */
  instructions = 0;
  private readonly preprocess: boolean;
  /** This compile's number, for the tag cache's admission rule. */
  private readonly compile = nextCompile();
  /**
   * Where the text not yet given to the assembler starts: text runs up to the next node, and a
   * tag that turns out to be text simply stays part of it, so the scan loop has no branch for
   * that case (a branch the first templates never take would cost the optimized loop).
   */
  private textStart = 0;

  constructor(
    private readonly src: string,
    private readonly options: ParseOptions,
  ) {
    this.preprocess = options.preprocess === true;
    this.assembler = new Assembler(options.maxNesting);
  }

  run(): void {
    const src = this.src;
    const len = src.length;
    let idx = 0;
    // The first `{` at or after idx when the previous tag's search already found it (-2: search again).
    let next = -2;
    // Where the scan last resumed after a multi-line comment, and where the Java reference's
    // text position (just after the last `}` it met outside comments) stood then.
    let commentResume = 0;
    let textAnchor = 0;
    for (;;) {
      let start = next === -1 || next >= idx ? next : src.indexOf('{', idx);
      next = -2;
      if (start === -1) break;
      if (!this.preprocess && src.charCodeAt(start + 1) === 35 && src.charCodeAt(start + 2) === 35) {
        // {## multi-line comment ##}
        const end = src.indexOf('##}', start + 3);
        const text = end === -1 ? src.slice(start + 3) : src.slice(start + 3, end);
        this.node(new N.Comment(start, text, true), Opcode.COMMENT, start, end === -1 ? len : end + 3);
        const lastBrace = src.lastIndexOf('}', start - 1);
        if (lastBrace >= commentResume) textAnchor = lastBrace + 1;
        if (end === -1) {
          // Reported where the reference reports it: at the start of the text the comment is in.
          this.errors.push({ message: messages.commentUnterminated, offset: textAnchor, validation: true });
          idx = len;
          break;
        }
        idx = end + 3;
        commentResume = idx;
        continue;
      }
      const close = src.indexOf('}', start + 1);
      if (close === -1) break;
      // A `{` met before the `}` starts the tag afresh; the search ends at the first `{` after
      // the tag, which the next turn starts from.
      let inner = src.indexOf('{', start + 1);
      while (inner !== -1 && inner < close) {
        start = inner;
        inner = src.indexOf('{', inner + 1);
      }
      next = inner;
      this.tag(start, close);
      idx = close + 1;
    }
    this.node(new N.Simple(Opcode.EOF, len), Opcode.EOF, len, len);
    this.assembler.finish();
  }

  /** Gives the assembler the text before `offset`, then `node` (opcode `op`), whose source ends at `end`. */
  private node(node: Node, op: number, offset: number, end: number): void {
    const from = this.textStart;
    if (from < offset) this.assembler.acceptText(from, this.src.slice(from, offset));
    this.assembler.accept(node, op);
    this.textStart = end;
  }

  /** Handles `{…}` between the braces at `open` and `close`; false when it is text (left in the pending text). */
  private tag(open: number, close: number): boolean {
    let begin = open + 1;
    const lifted = this.src.charCodeAt(begin) === 94; /* ^ */
    if (this.preprocess !== lifted) {
      if (!lifted) return false; // other tags are text in preprocess mode
      // Preprocessor tags render nothing in the normal pass; the tree keeps them for tools.
      this.node(new N.Lifted(open, this.src.slice(open, close + 1)), LIFTED, open, close + 1);
      return true;
    }
    if (lifted) begin++;
    if (this.src.charCodeAt(begin) === 35 /* # */) {
      this.node(new N.Comment(open, this.src.slice(begin + 1, close), false), Opcode.COMMENT, open, close + 1);
      return true;
    }
    const content = this.src.slice(begin, close);
    if (content.length === 0) return false;
    const entry = parseTagCached(content, this.compile);
    if (entry === null) {
      // Only tags that failed to parse are diagnosed: most are CSS or script braces, answered at once.
      const problem = diagnoseTag(content, this.options.plugins);
      if (problem !== undefined) this.errors.push({ message: problem, offset: open, validation: true });
      return false;
    }
    if (entry.passed !== this.options.plugins && !this.check(entry, open)) return false;
    const tag = entry.parsed;
    this.node(NODE_BUILDERS[tag.op](tag, open), tag.op, open, close + 1);
    this.instructions++;
    return true;
  }

  /**
   * Checks the tag's formatter and predicate names and arguments, reporting
   * each problem at `offset`; false when the tag is text (an unknown
   * formatter). A tag without problems is remembered as passing this check.
   */
  private check(entry: TagEntry, offset: number): boolean {
    const plugins = this.options.plugins;
    const tag = entry.parsed;
    let clean = true;
    switch (tag.op) {
      case Opcode.VARIABLE:
      case Opcode.BINDVAR:
        for (const call of tag.formatters) {
          const problem = plugins.formatter(call.name, call.args);
          if (problem !== undefined) {
            this.errors.push({ message: problem, offset });
            // An unknown formatter makes the whole tag text, as in the references.
            if (problem === messages.formatterUnknown(call.name)) return false;
            clean = false;
          }
        }
        break;
      case Opcode.PREDICATE:
      case Opcode.OR_PREDICATE:
        if (tag.name !== null) {
          const problem = plugins.predicate(tag.name, tag.args);
          if (problem !== undefined) {
            this.errors.push({ message: problem, offset });
            clean = false;
          }
        }
        break;
    }
    if (clean) entry.passed = plugins;
    return true;
  }

}

/** Builds one kind of tag's node from its parsed syntax, at `offset`. */
type NodeBuilder = (tag: ParsedTag, offset: number) => Node;
/** The parsed tags an opcode can have (a tag kind may share its shape with another opcode). */
type TagOf<Op> = ParsedTag extends infer T ? (T extends { op: infer O } ? (Op extends O ? T : never) : never) : never;

/**
 * One builder per opcode (nodes are made by constructors: see node-constructors.ts), called
 * through this table rather than chosen by a switch: the scanner's loop is optimized while the
 * first templates are compiled, and a switch arm those templates never reached would throw that
 * code away (and have it optimized again) the first time a later template has such a tag.
 */
const NODE_BUILDERS: NodeBuilder[] = [];
function builder<Op extends ParsedTag['op']>(ops: Op[], build: (tag: TagOf<Op>, offset: number) => Node): void {
  for (const op of ops) NODE_BUILDERS[op] = build as NodeBuilder;
}
builder([Opcode.VARIABLE], (tag, offset) => new N.Variable(offset, tag.variables, tag.formatters));
builder([Opcode.BINDVAR], (tag, offset) => new N.Bindvar(offset, tag.name, tag.variables, tag.formatters));
builder(
  [Opcode.PREDICATE, Opcode.OR_PREDICATE],
  (tag, offset) => new N.Predicate(tag.op, offset, tag.name, tag.args, tag.delimiter, tag.viaIf),
);
builder([Opcode.SECTION], (tag, offset) => new N.Section(offset, tag.path));
builder([Opcode.REPEATED], (tag, offset) => new N.Repeated(offset, tag.path));
builder([Opcode.IF], (tag, offset) => new N.If(offset, tag.operators, tag.variables));
builder([Opcode.MACRO], (tag, offset) => new N.Macro(offset, tag.name));
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
