/**
 * The instruction tree. Every node keeps the offset of its tag in the
 * source so errors and tools can report line and column.
 */
import { Opcode } from './opcodes.ts';

export type PathSegment = string | number;
export type Path = readonly PathSegment[];

export interface FormatterCall {
  readonly name: string;
  /** Arguments as written, split on the delimiter; null when the call has none. */
  readonly args: readonly string[] | null;
  readonly delimiter: string;
}

interface At {
  /** Offset of the tag's opening brace (or of the text) in the source. */
  offset: number;
}

export interface TextNode extends At {
  readonly op: typeof Opcode.TEXT;
  text: string;
}
export interface VariableNode extends At {
  readonly op: typeof Opcode.VARIABLE;
  readonly variables: readonly Path[];
  readonly formatters: readonly FormatterCall[];
}
export interface SectionNode extends At {
  readonly op: typeof Opcode.SECTION;
  readonly path: Path;
  readonly consequent: Node[];
  alternate: AlternateNode | null;
}
export interface RepeatedNode extends At {
  readonly op: typeof Opcode.REPEATED;
  readonly path: Path;
  readonly consequent: Node[];
  alternate: AlternateNode | null;
  readonly alternatesWith: Node[];
  /** Offset of the `.alternates with` tag, -1 when there is none. */
  alternatesWithOffset: number;
}
export interface PredicateNode extends At {
  readonly op: typeof Opcode.PREDICATE | typeof Opcode.OR_PREDICATE;
  /** null for a plain `.or`. */
  readonly name: string | null;
  readonly args: readonly string[] | null;
  readonly delimiter: string;
  /** Written as `{.if name? …}` rather than `{.name? …}`. */
  readonly viaIf: boolean;
  readonly consequent: Node[];
  alternate: AlternateNode | null;
}
export interface IfNode extends At {
  readonly op: typeof Opcode.IF;
  /** Between consecutive variables: 1 is &&, 0 is ||. */
  readonly operators: readonly (0 | 1)[];
  readonly variables: readonly Path[];
  readonly consequent: Node[];
  alternate: AlternateNode | null;
}
export interface BindvarNode extends At {
  readonly op: typeof Opcode.BINDVAR;
  readonly name: string;
  readonly variables: readonly Path[];
  readonly formatters: readonly FormatterCall[];
}
export interface CtxvarNode extends At {
  readonly op: typeof Opcode.CTXVAR;
  readonly name: string;
  readonly bindings: readonly (readonly [string, Path])[];
}
export interface EvalNode extends At {
  readonly op: typeof Opcode.EVAL;
  readonly code: string;
}
export interface IncludeNode extends At {
  readonly op: typeof Opcode.INCLUDE;
  readonly name: string;
  readonly args: readonly string[] | null;
  readonly delimiter: string;
}
export interface InjectNode extends At {
  readonly op: typeof Opcode.INJECT;
  readonly name: string;
  readonly path: string;
  readonly args: readonly string[] | null;
  readonly delimiter: string;
}
export interface MacroNode extends At {
  readonly op: typeof Opcode.MACRO;
  readonly name: string;
  readonly consequent: Node[];
}
export interface CommentNode extends At {
  readonly op: typeof Opcode.COMMENT;
  readonly text: string;
  readonly multiline: boolean;
}
export interface SimpleNode extends At {
  readonly op:
    | typeof Opcode.META_LEFT
    | typeof Opcode.META_RIGHT
    | typeof Opcode.NEWLINE
    | typeof Opcode.SPACE
    | typeof Opcode.TAB
    | typeof Opcode.END
    | typeof Opcode.EOF
    | typeof Opcode.ALTERNATES_WITH;
}
/** A `{^…}` tag met in the normal pass: it renders nothing but is kept so the source can be reproduced. */
export interface LiftedNode extends At {
  readonly op: typeof LIFTED;
  readonly raw: string;
}

/** Not an opcode of the references: lifted tags never appear in the JSON form. */
export const LIFTED = -2;

export interface RootNode extends At {
  readonly op: typeof Opcode.ROOT;
  readonly consequent: Node[];
  alternate: SimpleNode | null;
}

/** What may close a block: `.end`, EOF, or an `.or` branch. */
export type AlternateNode = PredicateNode | SimpleNode;

export type BlockNode = SectionNode | RepeatedNode | PredicateNode | IfNode | MacroNode | RootNode;

export type Node =
  | TextNode
  | VariableNode
  | SectionNode
  | RepeatedNode
  | PredicateNode
  | IfNode
  | BindvarNode
  | CtxvarNode
  | EvalNode
  | IncludeNode
  | InjectNode
  | MacroNode
  | CommentNode
  | SimpleNode
  | LiftedNode
  | RootNode;

/**
 * The `default` of a switch over `node.op` that has a case for every kind of node: while a kind
 * has no case, `node` is not `never` there and the type checker refuses the call, so adding an
 * instruction names each switch that must learn it. At run time (a tree built by hand with an op
 * no kind has) the switch answers `fallback`.
 */
export function unknownKind<T>(_node: never, fallback: T): T {
  return fallback;
}

/** Splits a dotted reference; all-digit segments that fit 31 bits become array indexes. */
export function splitPath(raw: string): PathSegment[] {
  // The dots are found by indexOf, not a loop over characters: a process's first templates are
  // read before the JIT has compiled this, and indexOf scans natively. (String.prototype.split
  // plus a second pass for the numbers costs several times more once compiled.)
  const parts: PathSegment[] = [];
  let start = 0;
  for (;;) {
    const dot = raw.indexOf('.', start);
    if (dot === -1) break;
    parts.push(segment(raw, start, dot));
    start = dot + 1;
  }
  parts.push(segment(raw, start, raw.length));
  return parts;
}

function segment(raw: string, from: number, to: number): PathSegment {
  const text = from === 0 && to === raw.length ? raw : raw.slice(from, to);
  const length = to - from;
  if (length === 0 || length > 10) return text;
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = raw.charCodeAt(i);
    if (c < 48 || c > 57) return text;
    n = n * 10 + (c - 48);
  }
  return n <= 0x7fffffff ? n : text;
}

export function joinPath(path: Path): string {
  return path.join('.');
}
