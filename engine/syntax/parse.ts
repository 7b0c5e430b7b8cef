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
import type { Node, RootNode } from './nodes.ts';
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
      if (start === -1) {
        this.text(idx, len);
        break;
      }
      if (!this.preprocess && src.charCodeAt(start + 1) === 35 && src.charCodeAt(start + 2) === 35) {
        // {## multi-line comment ##}
        this.text(idx, start);
        const end = src.indexOf('##}', start + 3);
        const text = end === -1 ? src.slice(start + 3) : src.slice(start + 3, end);
        this.assembler.accept(new N.Comment(start, text, true));
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
      if (close === -1) {
        this.text(idx, len);
        break;
      }
      // A `{` met before the `}` starts the tag afresh; the search ends at the first `{` after
      // the tag, which the next turn starts from.
      let inner = src.indexOf('{', start + 1);
      while (inner !== -1 && inner < close) {
        start = inner;
        inner = src.indexOf('{', inner + 1);
      }
      next = inner;
      this.text(idx, start);
      if (!this.tag(start, close)) this.text(start, close + 1);
      idx = close + 1;
    }
    this.assembler.accept(new N.Simple(Opcode.EOF, len));
    this.assembler.finish();
  }

  private text(from: number, to: number): void {
    if (from < to) this.assembler.acceptText(from, this.src.slice(from, to));
  }

  /** Handles `{…}` between the braces at `open` and `close`; false when it is text. */
  private tag(open: number, close: number): boolean {
    let begin = open + 1;
    const lifted = this.src.charCodeAt(begin) === 94; /* ^ */
    if (this.preprocess !== lifted) {
      if (!lifted) return false; // other tags are text in preprocess mode
      // Preprocessor tags render nothing in the normal pass; the tree keeps them for tools.
      this.assembler.accept(new N.Lifted(open, this.src.slice(open, close + 1)));
      return true;
    }
    if (lifted) begin++;
    if (this.src.charCodeAt(begin) === 35 /* # */) {
      this.assembler.accept(new N.Comment(open, this.src.slice(begin + 1, close), false));
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
    this.assembler.accept(this.build(entry.parsed, open));
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

  /** Turns parsed syntax into a tree node (its plugin names already checked). */
  private build(tag: ParsedTag, offset: number): Node {
    // Nodes are made by constructors: see node-constructors.ts.
    switch (tag.op) {
      case Opcode.VARIABLE:
        return new N.Variable(offset, tag.variables, tag.formatters);
      case Opcode.BINDVAR:
        return new N.Bindvar(offset, tag.name, tag.variables, tag.formatters);
      case Opcode.PREDICATE:
      case Opcode.OR_PREDICATE:
        return new N.Predicate(tag.op, offset, tag.name, tag.args, tag.delimiter, tag.viaIf);
      case Opcode.SECTION:
        return new N.Section(offset, tag.path);
      case Opcode.REPEATED:
        return new N.Repeated(offset, tag.path);
      case Opcode.IF:
        return new N.If(offset, tag.operators, tag.variables);
      case Opcode.MACRO:
        return new N.Macro(offset, tag.name);
      case Opcode.CTXVAR:
        return new N.Ctxvar(offset, tag.name, tag.bindings);
      case Opcode.EVAL:
        return new N.Eval(offset, tag.code);
      case Opcode.INCLUDE:
        return new N.Include(offset, tag.name, tag.args, tag.delimiter);
      case Opcode.INJECT:
        return new N.Inject(offset, tag.name, tag.path, tag.args, tag.delimiter);
      default:
        return new N.Simple(tag.op, offset);
    }
  }
}
