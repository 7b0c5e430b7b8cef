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
import { Opcode } from './opcodes.ts';
import { parseTagSyntax, type ParsedTag } from './tag-parser.ts';
import { parseTagFast } from './tag-fast-path.ts';
import { LineIndex } from './positions.ts';

export interface SyntaxError {
  message: string;
  offset: number;
  line: number;
  column: number;
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
}

/**
 * Parsed tag syntax by tag text, for tags met more than once: templates
 * repeat the same tags, and a server recompiles the same templates. A tag
 * read by the fast path is only admitted on its second sighting (a small
 * table of text hashes remembers the first), so compiling templates whose
 * tags are all new does not fill the cache with entries that outlive
 * their template and burden the garbage collector. Tags only the grammar
 * reads are cached at once: they cost the most.
 */
const tagCache = new Map<string, ParsedTag | null>();
const TAG_CACHE_LIMIT = 20000;
const SIGHTINGS_SIZE = 4096; // a power of two
const sightings = new Int32Array(SIGHTINGS_SIZE);

function textHash(text: string): number {
  let h = text.length;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

function parseTagCached(content: string): ParsedTag | null {
  let parsed = tagCache.get(content);
  if (parsed !== undefined) return parsed;
  const fast = parseTagFast(content);
  if (fast !== undefined) {
    // A hash collision only admits a tag early; the cache itself is keyed by the exact text.
    const hash = textHash(content);
    const slot = hash & (SIGHTINGS_SIZE - 1);
    if (sightings[slot] !== hash) {
      sightings[slot] = hash;
      return fast;
    }
    parsed = fast;
  } else {
    parsed = parseTagSyntax(content);
  }
  if (tagCache.size >= TAG_CACHE_LIMIT) tagCache.clear();
  tagCache.set(content, parsed);
  return parsed;
}

export function parseTemplate(source: string, options: ParseOptions): ParseResult {
  const scanner = new Scanner(source, options);
  scanner.run();
  const lines = new LineIndex(source);
  const errors: SyntaxError[] = [...scanner.errors, ...scanner.assembler.errors]
    .sort((a, b) => a.offset - b.offset)
    .map((e) => ({ message: e.message, offset: e.offset, ...lines.position(e.offset) }));
  return { root: scanner.assembler.root, errors, lines };
}

class Scanner {
  readonly assembler: Assembler;
  readonly errors: { message: string; offset: number }[] = [];
  private readonly preprocess: boolean;

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
        this.assembler.accept({ op: Opcode.COMMENT, offset: start, text, multiline: true });
        if (end === -1) {
          idx = len;
          break;
        }
        idx = end + 3;
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
    this.assembler.accept({ op: Opcode.EOF, offset: len });
    this.assembler.finish();
  }

  private text(from: number, to: number): void {
    if (from < to) this.assembler.accept({ op: Opcode.TEXT, offset: from, text: this.src.slice(from, to) });
  }

  /** Handles `{…}` between the braces at `open` and `close`; false when it is text. */
  private tag(open: number, close: number): boolean {
    let begin = open + 1;
    const lifted = this.src.charCodeAt(begin) === 94; /* ^ */
    if (this.preprocess !== lifted) {
      if (!lifted) return false; // other tags are text in preprocess mode
      // Preprocessor tags render nothing in the normal pass; the tree keeps them for tools.
      this.assembler.accept({ op: LIFTED, offset: open, raw: this.src.slice(open, close + 1) });
      return true;
    }
    if (lifted) begin++;
    if (this.src.charCodeAt(begin) === 35 /* # */) {
      this.assembler.accept({ op: Opcode.COMMENT, offset: open, text: this.src.slice(begin + 1, close), multiline: false });
      return true;
    }
    const content = this.src.slice(begin, close);
    if (content.length === 0) return false;
    const parsed = parseTagCached(content);
    if (parsed === null) return false;
    const node = this.build(parsed, open);
    if (node === null) return false;
    this.assembler.accept(node);
    return true;
  }

  /** Turns parsed syntax into a tree node, checking plugin names; null makes the tag text. */
  private build(tag: ParsedTag, offset: number): Node | null {
    // Nodes are built field by field (not spread) so every node of a kind shares one shape.
    const plugins = this.options.plugins;
    switch (tag.op) {
      case Opcode.VARIABLE:
      case Opcode.BINDVAR: {
        for (const call of tag.formatters) {
          const problem = plugins.formatter(call.name, call.args);
          if (problem !== undefined) {
            this.errors.push({ message: problem, offset });
            // An unknown formatter makes the whole tag text, as in the references.
            if (problem === messages.formatterUnknown(call.name)) return null;
          }
        }
        return tag.op === Opcode.VARIABLE
          ? { op: tag.op, offset, variables: tag.variables, formatters: tag.formatters }
          : { op: tag.op, offset, name: tag.name, variables: tag.variables, formatters: tag.formatters };
      }
      case Opcode.PREDICATE:
      case Opcode.OR_PREDICATE: {
        if (tag.name !== null) {
          const problem = plugins.predicate(tag.name, tag.args);
          if (problem !== undefined) this.errors.push({ message: problem, offset });
        }
        const { name, args, delimiter, viaIf } = tag;
        return { op: tag.op, offset, name, args, delimiter, viaIf, consequent: [], alternate: null };
      }
      case Opcode.SECTION:
        return { op: tag.op, offset, path: tag.path, consequent: [], alternate: null };
      case Opcode.REPEATED:
        return { op: tag.op, offset, path: tag.path, consequent: [], alternate: null, alternatesWith: [], alternatesWithOffset: -1 };
      case Opcode.IF:
        return { op: tag.op, offset, operators: tag.operators, variables: tag.variables, consequent: [], alternate: null };
      case Opcode.MACRO:
        return { op: tag.op, offset, name: tag.name, consequent: [] };
      case Opcode.CTXVAR:
        return { op: tag.op, offset, name: tag.name, bindings: tag.bindings };
      case Opcode.EVAL:
        return { op: tag.op, offset, code: tag.code };
      case Opcode.INCLUDE:
        return { op: tag.op, offset, name: tag.name, args: tag.args, delimiter: tag.delimiter };
      case Opcode.INJECT:
        return { op: tag.op, offset, name: tag.name, path: tag.path, args: tag.args, delimiter: tag.delimiter };
      default:
        return { op: tag.op, offset };
    }
  }
}
