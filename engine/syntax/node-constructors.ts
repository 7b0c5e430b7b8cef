/**
 * Constructors for the nodes the parser builds.
 *
 * Why not object literals: a template keeps its tree for as long as it is
 * used, and V8 watches each literal `{…}` and `[]` in the code; once most
 * objects made by one literal have survived a collection (as the trees of
 * templates compiled at start-up do), it allocates that literal's objects
 * straight in the old generation from then on. Every later compile then
 * builds its tree there, where short-lived templates linger until a full
 * collection and keep their young strings and arrays alive with them: in a
 * server that compiled its templates first, compiling got twice as slow.
 * Objects made by `new`, and arrays copied by a builtin, are always
 * allocated young.
 */
import type {
  AlternateNode,
  CommentNode,
  FormatterCall,
  IfNode,
  LiftedNode,
  MacroNode,
  Node,
  Path,
  PredicateNode,
  RepeatedNode,
  RootNode,
  SectionNode,
  SimpleNode,
  TextNode,
  VariableNode,
  BindvarNode,
  CtxvarNode,
  EvalNode,
  IncludeNode,
  InjectNode,
} from './nodes.ts';
import { LIFTED } from './nodes.ts';
import { Opcode } from './opcodes.ts';

/** Never written to: only copied. Not frozen, as a frozen array's copies take a slow path. */
const NO_NODES: Node[] = [];

/** A new empty node list (a builtin copy, so never allocated old; see above). */
export function nodeList(): Node[] {
  return NO_NODES.slice();
}

export class Text implements TextNode {
  readonly op = Opcode.TEXT;
  constructor(
    public offset: number,
    public text: string,
  ) {}
}

export class Simple implements SimpleNode {
  constructor(
    readonly op: SimpleNode['op'],
    public offset: number,
  ) {}
}

export class Comment implements CommentNode {
  readonly op = Opcode.COMMENT;
  constructor(
    public offset: number,
    readonly text: string,
    readonly multiline: boolean,
  ) {}
}

export class Lifted implements LiftedNode {
  readonly op = LIFTED;
  constructor(
    public offset: number,
    readonly raw: string,
  ) {}
}

export class Variable implements VariableNode {
  readonly op = Opcode.VARIABLE;
  constructor(
    public offset: number,
    readonly variables: readonly Path[],
    readonly formatters: readonly FormatterCall[],
  ) {}
}

export class Bindvar implements BindvarNode {
  readonly op = Opcode.BINDVAR;
  constructor(
    public offset: number,
    readonly name: string,
    readonly variables: readonly Path[],
    readonly formatters: readonly FormatterCall[],
  ) {}
}

export class Section implements SectionNode {
  readonly op = Opcode.SECTION;
  readonly consequent: Node[] = nodeList();
  alternate: AlternateNode | null = null;
  constructor(
    public offset: number,
    readonly path: Path,
  ) {}
}

export class Repeated implements RepeatedNode {
  readonly op = Opcode.REPEATED;
  readonly consequent: Node[] = nodeList();
  alternate: AlternateNode | null = null;
  readonly alternatesWith: Node[] = nodeList();
  alternatesWithOffset = -1;
  constructor(
    public offset: number,
    readonly path: Path,
  ) {}
}

export class Predicate implements PredicateNode {
  readonly consequent: Node[] = nodeList();
  alternate: AlternateNode | null = null;
  constructor(
    readonly op: PredicateNode['op'],
    public offset: number,
    readonly name: string | null,
    readonly args: readonly string[] | null,
    readonly delimiter: string,
    readonly viaIf: boolean,
  ) {}
}

export class If implements IfNode {
  readonly op = Opcode.IF;
  readonly consequent: Node[] = nodeList();
  alternate: AlternateNode | null = null;
  constructor(
    public offset: number,
    readonly operators: readonly (0 | 1)[],
    readonly variables: readonly Path[],
  ) {}
}

export class Macro implements MacroNode {
  readonly op = Opcode.MACRO;
  readonly consequent: Node[] = nodeList();
  constructor(
    public offset: number,
    readonly name: string,
  ) {}
}

export class Ctxvar implements CtxvarNode {
  readonly op = Opcode.CTXVAR;
  constructor(
    public offset: number,
    readonly name: string,
    readonly bindings: readonly (readonly [string, Path])[],
  ) {}
}

export class Eval implements EvalNode {
  readonly op = Opcode.EVAL;
  constructor(
    public offset: number,
    readonly code: string,
  ) {}
}

export class Include implements IncludeNode {
  readonly op = Opcode.INCLUDE;
  constructor(
    public offset: number,
    readonly name: string,
    readonly args: readonly string[] | null,
    readonly delimiter: string,
  ) {}
}

export class Inject implements InjectNode {
  readonly op = Opcode.INJECT;
  constructor(
    public offset: number,
    readonly name: string,
    readonly path: string,
    readonly args: readonly string[] | null,
    readonly delimiter: string,
  ) {}
}

export class Root implements RootNode {
  readonly op = Opcode.ROOT;
  readonly offset = 0;
  readonly consequent: Node[] = nodeList();
  alternate: SimpleNode | null = null;
}
