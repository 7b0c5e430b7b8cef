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
 *
 * Each constructor sets every field itself (the fields are declared, not initialized): a class
 * with field initializers runs them in a second function, which a fresh process compiles on the
 * first node of each kind. The order of the assignments is the order the fields always had.
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
  declare offset: number;
  declare text: string;
  declare readonly op: typeof Opcode.TEXT;
  constructor(offset: number, text: string) {
    this.offset = offset;
    this.text = text;
    this.op = Opcode.TEXT;
  }
}

export class Simple implements SimpleNode {
  declare readonly op: SimpleNode['op'];
  declare offset: number;
  constructor(op: SimpleNode['op'], offset: number) {
    this.op = op;
    this.offset = offset;
  }
}

export class Comment implements CommentNode {
  declare offset: number;
  declare readonly text: string;
  declare readonly multiline: boolean;
  declare readonly op: typeof Opcode.COMMENT;
  constructor(offset: number, text: string, multiline: boolean) {
    this.offset = offset;
    this.text = text;
    this.multiline = multiline;
    this.op = Opcode.COMMENT;
  }
}

export class Lifted implements LiftedNode {
  declare offset: number;
  declare readonly raw: string;
  declare readonly op: typeof LIFTED;
  constructor(offset: number, raw: string) {
    this.offset = offset;
    this.raw = raw;
    this.op = LIFTED;
  }
}

export class Variable implements VariableNode {
  declare offset: number;
  declare readonly variables: readonly Path[];
  declare readonly formatters: readonly FormatterCall[];
  declare readonly op: typeof Opcode.VARIABLE;
  constructor(offset: number, variables: readonly Path[], formatters: readonly FormatterCall[]) {
    this.offset = offset;
    this.variables = variables;
    this.formatters = formatters;
    this.op = Opcode.VARIABLE;
  }
}

export class Bindvar implements BindvarNode {
  declare offset: number;
  declare readonly name: string;
  declare readonly variables: readonly Path[];
  declare readonly formatters: readonly FormatterCall[];
  declare readonly op: typeof Opcode.BINDVAR;
  constructor(offset: number, name: string, variables: readonly Path[], formatters: readonly FormatterCall[]) {
    this.offset = offset;
    this.name = name;
    this.variables = variables;
    this.formatters = formatters;
    this.op = Opcode.BINDVAR;
  }
}

export class Section implements SectionNode {
  declare offset: number;
  declare readonly path: Path;
  declare readonly op: typeof Opcode.SECTION;
  declare readonly consequent: Node[];
  declare alternate: AlternateNode | null;
  constructor(offset: number, path: Path) {
    this.offset = offset;
    this.path = path;
    this.op = Opcode.SECTION;
    this.consequent = nodeList();
    this.alternate = null;
  }
}

export class Repeated implements RepeatedNode {
  declare offset: number;
  declare readonly path: Path;
  declare readonly op: typeof Opcode.REPEATED;
  declare readonly consequent: Node[];
  declare alternate: AlternateNode | null;
  declare readonly alternatesWith: Node[];
  declare alternatesWithOffset: number;
  constructor(offset: number, path: Path) {
    this.offset = offset;
    this.path = path;
    this.op = Opcode.REPEATED;
    this.consequent = nodeList();
    this.alternate = null;
    this.alternatesWith = nodeList();
    this.alternatesWithOffset = -1;
  }
}

export class Predicate implements PredicateNode {
  declare readonly op: PredicateNode['op'];
  declare offset: number;
  declare readonly name: string | null;
  declare readonly args: readonly string[] | null;
  declare readonly delimiter: string;
  declare readonly viaIf: boolean;
  declare readonly consequent: Node[];
  declare alternate: AlternateNode | null;
  constructor(
    op: PredicateNode['op'],
    offset: number,
    name: string | null,
    args: readonly string[] | null,
    delimiter: string,
    viaIf: boolean,
  ) {
    this.op = op;
    this.offset = offset;
    this.name = name;
    this.args = args;
    this.delimiter = delimiter;
    this.viaIf = viaIf;
    this.consequent = nodeList();
    this.alternate = null;
  }
}

export class If implements IfNode {
  declare offset: number;
  declare readonly operators: readonly (0 | 1)[];
  declare readonly variables: readonly Path[];
  declare readonly op: typeof Opcode.IF;
  declare readonly consequent: Node[];
  declare alternate: AlternateNode | null;
  constructor(offset: number, operators: readonly (0 | 1)[], variables: readonly Path[]) {
    this.offset = offset;
    this.operators = operators;
    this.variables = variables;
    this.op = Opcode.IF;
    this.consequent = nodeList();
    this.alternate = null;
  }
}

export class Macro implements MacroNode {
  declare offset: number;
  declare readonly name: string;
  declare readonly op: typeof Opcode.MACRO;
  declare readonly consequent: Node[];
  constructor(offset: number, name: string) {
    this.offset = offset;
    this.name = name;
    this.op = Opcode.MACRO;
    this.consequent = nodeList();
  }
}

export class Ctxvar implements CtxvarNode {
  declare offset: number;
  declare readonly name: string;
  declare readonly bindings: readonly (readonly [string, Path])[];
  declare readonly op: typeof Opcode.CTXVAR;
  constructor(offset: number, name: string, bindings: readonly (readonly [string, Path])[]) {
    this.offset = offset;
    this.name = name;
    this.bindings = bindings;
    this.op = Opcode.CTXVAR;
  }
}

export class Eval implements EvalNode {
  declare offset: number;
  declare readonly code: string;
  declare readonly op: typeof Opcode.EVAL;
  constructor(offset: number, code: string) {
    this.offset = offset;
    this.code = code;
    this.op = Opcode.EVAL;
  }
}

export class Include implements IncludeNode {
  declare offset: number;
  declare readonly name: string;
  declare readonly args: readonly string[] | null;
  declare readonly delimiter: string;
  declare readonly op: typeof Opcode.INCLUDE;
  constructor(offset: number, name: string, args: readonly string[] | null, delimiter: string) {
    this.offset = offset;
    this.name = name;
    this.args = args;
    this.delimiter = delimiter;
    this.op = Opcode.INCLUDE;
  }
}

export class Inject implements InjectNode {
  declare offset: number;
  declare readonly name: string;
  declare readonly path: string;
  declare readonly args: readonly string[] | null;
  declare readonly delimiter: string;
  declare readonly op: typeof Opcode.INJECT;
  constructor(offset: number, name: string, path: string, args: readonly string[] | null, delimiter: string) {
    this.offset = offset;
    this.name = name;
    this.path = path;
    this.args = args;
    this.delimiter = delimiter;
    this.op = Opcode.INJECT;
  }
}

export class Root implements RootNode {
  declare readonly op: typeof Opcode.ROOT;
  declare readonly offset: 0;
  declare readonly consequent: Node[];
  declare alternate: SimpleNode | null;
  constructor() {
    this.op = Opcode.ROOT;
    this.offset = 0;
    this.consequent = nodeList();
    this.alternate = null;
  }
}
