/**
 * Builds the block tree from the flat instruction stream with the
 * references' state machine: each open block decides which instructions it
 * accepts (an `.or` closes a section's consequent and opens its alternate,
 * `.alternates with` belongs to a repeated section, a second plain `.or` is
 * dead code, and so on) and reports the references' errors when one breaks
 * the rules.
 */
import { messages } from '../messages.ts';
import { Root, Text } from './node-constructors.ts';
import { Opcode, opcodeName } from './opcodes.ts';
import type {
  BlockNode,
  MacroNode,
  Node,
  PredicateNode,
  RepeatedNode,
  RootNode,
  SimpleNode,
} from './nodes.ts';

export interface AssemblyError {
  message: string;
  offset: number;
}

type State = 'root' | 'block' | 'alternatesWith' | 'eof' | 'dead';

/** Block instructions whose consequent can take an `.or` or `.end` alternate. */
type Alternating = Exclude<BlockNode, MacroNode | RootNode>;

export class Assembler {
  readonly root: RootNode = new Root();
  readonly errors: AssemblyError[] = [];
  private readonly stack: Open[] = [];
  private current: BlockNode = this.root;
  private state: State = 'root';
  /** Where the next node goes: the open block's consequent, or its alternates-with list. */
  private list: Node[] = this.root.consequent;
  /** The last node of `list` when it is text, which following text joins. */
  private lastText: Text | null = null;

  /** @param maxNesting deepest block nesting accepted; past it the rest of the template is ignored. */
  constructor(private readonly maxNesting: number = Infinity) {}

  accept(node: Node): void {
    switch (this.state) {
      case 'root':
        return this.inRoot(node);
      case 'block':
        return this.inBlock(node);
      case 'alternatesWith':
        return this.inAlternatesWith(node);
      case 'eof':
        // Nothing may follow EOF; the scanner never does this.
        this.state = 'dead';
        return;
      case 'dead':
        return;
    }
  }

  /** Text from the source: in every open block it is added as it is, joining text just before it. */
  acceptText(offset: number, text: string): void {
    if (this.state === 'eof' || this.state === 'dead') {
      this.state = 'dead';
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
    if (this.state !== 'dead' && this.current.op !== Opcode.ROOT) {
      this.error(messages.unclosed(opcodeName(this.current.op)), this.current.offset);
    }
  }

  private error(message: string, offset: number): void {
    this.errors.push({ message, offset });
  }

  private isBlockOpener(node: Node): boolean {
    switch (node.op) {
      case Opcode.SECTION:
      case Opcode.REPEATED:
      case Opcode.PREDICATE:
      case Opcode.IF:
      case Opcode.MACRO:
        return true;
      default:
        return false;
    }
  }

  /** Adds an instruction (never text: see acceptText) to the open block's current list. */
  private add(node: Node): void {
    this.list.push(node);
    this.lastText = null;
  }

  private open(node: BlockNode): void {
    if (this.stack.length >= this.maxNesting) {
      // Nothing sensible is that deep; stop here rather than exhaust the stack later.
      this.error(messages.nestingTooDeep(this.maxNesting), node.offset);
      this.state = 'dead';
      return;
    }
    this.add(node);
    this.stack.push(new Open(this.current, this.state, this.list));
    this.current = node;
    this.state = 'block';
    this.list = node.consequent;
    this.lastText = null;
  }

  private close(): void {
    const saved = this.stack.pop();
    if (saved === undefined) throw new Error('assembler popped the root block');
    this.current = saved.block;
    this.state = saved.state;
    this.list = saved.list;
    this.lastText = null; // the block just closed is the list's last node
  }

  private inRoot(node: Node): void {
    if (this.isBlockOpener(node)) return this.open(node as BlockNode);
    switch (node.op) {
      case Opcode.EOF:
        this.root.alternate = node as SimpleNode;
        this.state = 'eof';
        return;
      case Opcode.END:
      case Opcode.ALTERNATES_WITH:
      case Opcode.OR_PREDICATE:
        this.error(messages.notAllowedAtRoot(opcodeName(node.op)), node.offset);
        return;
      default:
        this.add(node);
    }
  }

  private inBlock(node: Node): void {
    if (this.isBlockOpener(node)) return this.open(node as BlockNode);
    const current = this.current;
    switch (node.op) {
      case Opcode.EOF:
        this.error(messages.eofInBlock(opcodeName(current.op)), node.offset);
        return;
      case Opcode.END:
        if (current.op !== Opcode.MACRO) (current as Alternating).alternate = node as SimpleNode;
        return this.close();
      case Opcode.ALTERNATES_WITH:
        if (current.op === Opcode.REPEATED) {
          current.alternatesWithOffset = node.offset;
          this.state = 'alternatesWith';
          this.list = current.alternatesWith;
          this.lastText = null;
          return;
        }
        this.error(messages.notAllowedInBlock(opcodeName(node.op), opcodeName(current.op)), node.offset);
        return;
      case Opcode.OR_PREDICATE:
        if (current.op === Opcode.MACRO) {
          this.error(messages.notAllowedInBlock(opcodeName(node.op), opcodeName(current.op)), node.offset);
          return;
        }
        if (current.op === Opcode.OR_PREDICATE && current.name === null) {
          this.error(messages.deadCode(opcodeName(node.op)), node.offset);
          return;
        }
        return this.branch(current as Alternating, node as PredicateNode);
      default:
        this.add(node);
    }
  }

  private inAlternatesWith(node: Node): void {
    if (this.isBlockOpener(node)) return this.open(node as BlockNode);
    const current = this.current as RepeatedNode;
    switch (node.op) {
      case Opcode.EOF:
        this.error(messages.eofInBlock(opcodeName(current.op)), node.offset);
        return;
      case Opcode.ALTERNATES_WITH:
        this.error(messages.notAllowedInBlock(opcodeName(node.op), opcodeName(current.op)), node.offset);
        return;
      case Opcode.OR_PREDICATE:
        return this.branch(current, node as PredicateNode);
      case Opcode.END:
        current.alternate = node as SimpleNode;
        return this.close();
      default:
        this.add(node);
    }
  }

  /** An `.or`: becomes the alternate of the open block and takes its place. */
  private branch(current: Alternating, or: PredicateNode): void {
    current.alternate = or;
    this.current = or;
    this.state = 'block';
    this.list = or.consequent;
    this.lastText = null;
  }
}

/** A block left open while a nested one is read, with where its nodes were going. */
class Open {
  constructor(
    readonly block: BlockNode,
    readonly state: State,
    readonly list: Node[],
  ) {}
}
