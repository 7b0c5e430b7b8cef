/**
 * Builds the block tree from the flat instruction stream with the
 * references' state machine: each open block decides which instructions it
 * accepts (an `.or` closes a section's consequent and opens its alternate,
 * `.alternates with` belongs to a repeated section, a second plain `.or` is
 * dead code, and so on) and reports the references' errors when one breaks
 * the rules.
 *
 * Why tables of small functions rather than switches: the assembler runs once
 * per tag and is optimized while a process's first templates are compiled. An
 * optimized switch arm (or a property read on a kind of node) those templates
 * never reached is thrown away with the whole optimized scan loop the first
 * time a later template reaches it, and the loop then runs unoptimized until
 * it is optimized again. A call through a table to a function not seen before
 * is just a call.
 */
import { messages } from '../messages.ts';
import { Root, Text } from './node-constructors.ts';
import { Opcode, opcodeName } from './opcodes.ts';
import type { AlternateNode, BlockNode, MacroNode, Node, PredicateNode, RepeatedNode, RootNode, SimpleNode } from './nodes.ts';

export interface AssemblyError {
  message: string;
  offset: number;
}

/** Where the assembler stands: in the root, in a block, in a repeated section's alternates-with part, after EOF, or stopped. */
const IN_ROOT = 0;
const IN_BLOCK = 1;
const IN_ALTERNATES_WITH = 2;
const AFTER_EOF = 3;
const DEAD = 4;
type State = typeof IN_ROOT | typeof IN_BLOCK | typeof IN_ALTERNATES_WITH | typeof AFTER_EOF | typeof DEAD;

/** Block instructions whose consequent can take an `.or` or `.end` alternate. */
type Alternating = Exclude<BlockNode, MacroNode | RootNode>;

/** What the assembler does with one kind of instruction (opcode `op`) in one state. */
type Action = (a: Assembler, node: Node, op: number) => void;

/** Slots per state in the action table: opcodes are 0–24, and a lifted tag (-2) lands in slot 30. */
const SLOTS = 32;

export class Assembler {
  // Declared, and set by the constructor: fields with initializers are defined by a second
  // function, one more for a process's first compile to run before the JIT has compiled it.
  declare readonly root: RootNode;
  declare readonly errors: AssemblyError[];
  /** @internal the open blocks around the current one */
  declare readonly stack: Open[];
  /** @internal the innermost open block, and its opcode */
  declare current: BlockNode;
  /** @internal */
  declare currentOp: number;
  /** @internal */
  declare state: State;
  /** @internal Where the next node goes: the open block's consequent, or its alternates-with list. */
  declare list: Node[];
  /** @internal The last node of `list` when it is text, which following text joins. */
  declare lastText: Text | null;
  /**
   * The list of the block about to be accepted, set by whoever made the block node: read here
   * from the node, it would be read from a kind of node the first templates may not have had.
   */
  declare opening: Node[];
  /**
   * How deep compiling the tree recurses where the assembler stands: each open block is a level,
   * and so is each `.or` of a block (a branch is compiled inside the one before it).
   */
  declare depth: number;
  /** The deepest `depth` reached. */
  declare deepest: number;
  /** Deepest block nesting accepted; past it the rest of the template is ignored. */
  declare readonly maxNesting: number;

  constructor(maxNesting: number = Infinity) {
    const root = new Root();
    this.root = root;
    this.errors = [];
    this.stack = [];
    this.current = root;
    this.currentOp = Opcode.ROOT;
    this.state = IN_ROOT;
    this.list = root.consequent;
    this.lastText = null;
    this.opening = root.consequent;
    this.depth = 0;
    this.deepest = 0;
    this.maxNesting = maxNesting;
  }

  /** Takes the next instruction (never text: see acceptText); `op` is its opcode. */
  accept(node: Node, op: number): void {
    ACTIONS[this.state * SLOTS + (op & (SLOTS - 1))]!(this, node, op);
  }

  /** Text from the source: in every open block it is added as it is, joining text just before it. */
  acceptText(offset: number, text: string): void {
    if (this.state >= AFTER_EOF) {
      this.state = DEAD;
      return;
    }
    const last = this.lastText;
    if (last !== null) {
      last.text += text;
      return;
    }
    const node = new Text(offset, text);
    this.list.push(node);
    this.lastText = node;
  }

  /** Call after the EOF instruction; reports blocks left open. */
  finish(): void {
    if (this.state !== DEAD && this.currentOp !== Opcode.ROOT) {
      this.error(messages.unclosed(this.blockName()), this.current.offset);
    }
  }

  /**
   * @internal The open block's name in messages: an `{.if name?}` is an IF block, as in the Java
   * reference, though it runs as a predicate.
   */
  blockName(): string {
    const op = this.currentOp;
    return op === Opcode.PREDICATE && (this.current as PredicateNode).viaIf ? opcodeName(Opcode.IF) : opcodeName(op);
  }

  /** @internal */
  error(message: string, offset: number): void {
    this.errors.push({ message, offset });
  }

  /** @internal Adds an instruction to the open block's current list. */
  add(node: Node): void {
    this.list.push(node);
    this.lastText = null;
  }

  /** @internal Opens the block `node` (opcode `op`), whose instructions go to `consequent`. */
  open(node: BlockNode, op: number, consequent: Node[]): void {
    if (this.stack.length >= this.maxNesting) {
      // Nothing sensible is that deep; stop here rather than exhaust the stack later.
      this.error(messages.nestingTooDeep(this.maxNesting), node.offset);
      this.state = DEAD;
      return;
    }
    this.add(node);
    this.stack.push(new Open(this.current, this.currentOp, this.state, this.list, this.depth));
    this.deeper();
    this.current = node;
    this.currentOp = op;
    this.state = IN_BLOCK;
    this.list = consequent;
    this.lastText = null;
  }

  /** @internal Closes the current block with `alternate` (an `.end`), back to the block around it. */
  close(alternate: SimpleNode): void {
    SET_ALTERNATE[this.currentOp]!(this.current, alternate);
    const saved = this.stack.pop();
    if (saved === undefined) throw new Error('assembler popped the root block');
    this.current = saved.block;
    this.currentOp = saved.op;
    this.state = saved.state;
    this.list = saved.list;
    this.depth = saved.depth;
    this.lastText = null; // the block just closed is the list's last node
  }

  /** @internal One level deeper: a block opened, or a branch added to one. */
  deeper(): void {
    if (++this.depth > this.deepest) this.deepest = this.depth;
  }

}

/** A block left open while a nested one is read, with where its nodes were going. */
class Open {
  declare readonly block: BlockNode;
  declare readonly op: number;
  declare readonly state: State;
  declare readonly list: Node[];
  declare readonly depth: number;
  // Set here, not as parameter properties, which would also be declared as initialized fields.
  constructor(block: BlockNode, op: number, state: State, list: Node[], depth: number) {
    this.block = block;
    this.op = op;
    this.state = state;
    this.list = list;
    this.depth = depth;
  }
}

/** Sets the alternate of an open block by its opcode; a macro has none, so its `.end` only closes it. */
const SET_ALTERNATE: ((block: BlockNode, alternate: AlternateNode) => void)[] = [];
SET_ALTERNATE[Opcode.SECTION] = (block, alternate) => ((block as Alternating).alternate = alternate);
SET_ALTERNATE[Opcode.REPEATED] = (block, alternate) => ((block as RepeatedNode).alternate = alternate);
SET_ALTERNATE[Opcode.PREDICATE] = SET_ALTERNATE[Opcode.OR_PREDICATE] = (block, alternate) =>
  ((block as PredicateNode).alternate = alternate);
SET_ALTERNATE[Opcode.IF] = (block, alternate) => ((block as Alternating).alternate = alternate);
SET_ALTERNATE[Opcode.MACRO] = () => {};

const openBlock: Action = (a, node, op) => a.open(node as BlockNode, op, a.opening);

const add: Action = (a, node) => a.add(node);
const ignore: Action = () => {};
const kill: Action = (a) => {
  // Nothing may follow EOF; the scanner never does this.
  a.state = DEAD;
};

const rootEof: Action = (a, node) => {
  a.root.alternate = node as SimpleNode;
  a.state = AFTER_EOF;
};
const notAllowedAtRoot: Action = (a, node, op) => a.error(messages.notAllowedAtRoot(opcodeName(op)), node.offset);
const eofInBlock: Action = (a, node) => a.error(messages.eofInBlock(a.blockName()), node.offset);
const notAllowedInBlock: Action = (a, node, op) =>
  a.error(messages.notAllowedInBlock(opcodeName(op), a.blockName()), node.offset);
const end: Action = (a, node) => a.close(node as SimpleNode);

const alternatesWithInBlock: Action = (a, node, op) => {
  if (a.currentOp !== Opcode.REPEATED) return notAllowedInBlock(a, node, op);
  const current = a.current as RepeatedNode;
  current.alternatesWithOffset = node.offset;
  a.state = IN_ALTERNATES_WITH;
  a.list = current.alternatesWith;
  a.lastText = null;
};
/** An `.or` (in a block, or a repeated section's alternates-with part): becomes the alternate of the open block and takes its place. */
const or: Action = (a, node, op) => {
  if (a.currentOp === Opcode.MACRO) return notAllowedInBlock(a, node, op);
  if (a.currentOp === Opcode.OR_PREDICATE && (a.current as PredicateNode).name === null) {
    a.error(messages.deadCode(opcodeName(op)), node.offset);
    return;
  }
  const branch = node as PredicateNode;
  SET_ALTERNATE[a.currentOp]!(a.current, branch);
  a.current = branch;
  a.currentOp = Opcode.OR_PREDICATE;
  a.deeper();
  a.state = IN_BLOCK;
  a.list = a.opening;
  a.lastText = null;
};

/** The actions by state and opcode (state × SLOTS + opcode); anything not named below is added to the open list. */
const ACTIONS: Action[] = [];
function actions(state: State, byOp: [number, Action][], otherwise: Action): void {
  for (let op = 0; op < SLOTS; op++) ACTIONS[state * SLOTS + op] = otherwise;
  for (const [op, action] of byOp) ACTIONS[state * SLOTS + (op & (SLOTS - 1))] = action;
}
const OPENERS: [number, Action][] = [
  [Opcode.SECTION, openBlock],
  [Opcode.REPEATED, openBlock],
  [Opcode.PREDICATE, openBlock],
  [Opcode.IF, openBlock],
  [Opcode.MACRO, openBlock],
];
actions(
  IN_ROOT,
  [
    ...OPENERS,
    [Opcode.EOF, rootEof],
    [Opcode.END, notAllowedAtRoot],
    [Opcode.ALTERNATES_WITH, notAllowedAtRoot],
    [Opcode.OR_PREDICATE, notAllowedAtRoot],
  ],
  add,
);
actions(
  IN_BLOCK,
  [
    ...OPENERS,
    [Opcode.EOF, eofInBlock],
    [Opcode.END, end],
    [Opcode.ALTERNATES_WITH, alternatesWithInBlock],
    [Opcode.OR_PREDICATE, or],
  ],
  add,
);
actions(
  IN_ALTERNATES_WITH,
  [
    ...OPENERS,
    [Opcode.EOF, eofInBlock],
    [Opcode.ALTERNATES_WITH, notAllowedInBlock],
    [Opcode.OR_PREDICATE, or],
    [Opcode.END, end],
  ],
  add,
);
actions(AFTER_EOF, [], kill);
actions(DEAD, [], ignore);
