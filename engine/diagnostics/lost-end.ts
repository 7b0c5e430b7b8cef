/**
 * Where an `{.end}` was most likely left out, for the hint beside a block left open. The reference
 * reports the block still open where the template ends, but an `{.end}` left out deep inside makes
 * its block take the next one, written for the block around it, which then takes the one after,
 * and so on out: the error names an outer block, and the end of the file, tens of lines from the
 * edit. Templates are indented by block, so a block that takes a tag indented as its outer block's
 * shows where: the `{.end}` is missing between its opening tag and that tag.
 */
import { Opcode } from '../syntax/opcodes.ts';
import { parseTemplate } from '../syntax/parse.ts';
import { LineIndex } from '../syntax/positions.ts';
import type { IfNode, Node, PredicateNode, RepeatedNode, SectionNode } from '../syntax/nodes.ts';
import { tagAt } from './tag-at.ts';

/** A block that takes an `{.or}` or `{.end}`. */
type Closable = SectionNode | RepeatedNode | PredicateNode | IfNode;

/** The block that takes its outer block's tag, and that tag, each as written with its line. */
export interface LostEnd {
  opening: { tag: string; line: number };
  taken: { tag: string; line: number };
}

const ANY_PLUGIN = { formatter: () => undefined, predicate: () => undefined };

/**
 * The source parsed with every formatter and predicate taken as it is written: its blocks as the
 * author wrote them, where an opening tag the plugin checks refuse (a predicate given too few
 * arguments) still opens its block.
 */
export function parsedWithoutPluginChecks(source: string): ReturnType<typeof parseTemplate> {
  return parseTemplate(source, { plugins: ANY_PLUGIN });
}

function isClosable(node: Node): node is Closable {
  return node.op === Opcode.SECTION || node.op === Opcode.REPEATED || node.op === Opcode.PREDICATE || node.op === Opcode.IF;
}

/** The offsets of the tags after a block's opening one: its `{.alternates with}`, `{.or}`s and `{.end}` (none when left open). */
function closingOffsets(block: Closable): { offsets: number[]; open: boolean } {
  const offsets: number[] = [];
  if (block.op === Opcode.REPEATED && block.alternatesWithOffset >= 0) offsets.push(block.alternatesWithOffset);
  let next = block.alternate;
  while (next !== null && next.op === Opcode.OR_PREDICATE) {
    offsets.push(next.offset);
    next = (next as PredicateNode).alternate;
  }
  if (next !== null) offsets.push(next.offset);
  return { offsets, open: next === null };
}

/** The lists of instructions inside a block, its `{.or}` branches' included. */
function listsOf(block: Closable): Node[][] {
  const lists: Node[][] = [block.consequent];
  if (block.op === Opcode.REPEATED) lists.push(block.alternatesWith);
  for (let next = block.alternate; next !== null && next.op === Opcode.OR_PREDICATE; next = (next as PredicateNode).alternate) {
    lists.push((next as PredicateNode).consequent);
  }
  return lists;
}

/** Lines and their indentation, read from the source the offsets point into. */
class Lines {
  declare readonly source: string;
  declare readonly index: LineIndex;
  constructor(source: string) {
    this.source = source;
    this.index = new LineIndex(source);
  }

  /** The width of the white space that starts the line holding `offset`. */
  indent(offset: number): number {
    const start = this.source.lastIndexOf('\n', offset - 1) + 1;
    return /^[ \t]*/.exec(this.source.slice(start, offset))![0].length;
  }

  line(offset: number): number {
    return this.index.position(offset).line;
  }
}

/**
 * The first tag after `block`'s opening one that stands on a line indented as the line of the
 * block around it (`outerIndent`), less than the block's own: the {.or} or {.end} written for that
 * outer block. A tag merely less indented is no sign: a template indented loosely has many.
 */
function takenFromOuter(block: Closable, outerIndent: number, lines: Lines): number | undefined {
  const line = lines.line(block.offset);
  const indent = lines.indent(block.offset);
  if (outerIndent >= indent) return undefined;
  return closingOffsets(block).offsets.find((offset) => lines.line(offset) !== line && lines.indent(offset) === outerIndent);
}

/** The innermost block left open where the template ends (a macro's insides are searched, a macro is not one). */
function innermostOpen(nodes: readonly Node[]): Closable | undefined {
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i]!;
    if (node.op === Opcode.MACRO) {
      const inner = innermostOpen(node.consequent);
      if (inner !== undefined) return inner;
    } else if (isClosable(node) && closingOffsets(node).open) {
      return listsOf(node).map(innermostOpen).find((inner) => inner !== undefined) ?? node;
    }
  }
  return undefined;
}

/**
 * The block that lost its {.end}, searched inside `lists` (those of a block whose opening line is
 * indented by `outerIndent`): an {.end} left out makes its block take the one written for the block
 * around it, which then takes the one written for the block around that, and so on out to the block
 * left open. So the search follows blocks that each take their outer block's tag, inward, and the
 * innermost of them is the one; a block that closes as written is no part of it, however loosely
 * the template is indented inside.
 */
function lostEndIn(lists: readonly Node[][], outerIndent: number, lines: Lines): { block: Closable; taken: number } | undefined {
  for (const list of lists) {
    for (const node of list) {
      if (!isClosable(node)) continue;
      const taken = takenFromOuter(node, outerIndent, lines);
      if (taken === undefined) continue;
      return lostEndIn(listsOf(node), lines.indent(node.offset), lines) ?? { block: node, taken };
    }
  }
  return undefined;
}

/**
 * The innermost block inside the one left open that takes its outer block's tag, or undefined when
 * none does (the `{.end}` left out is the open block's own, or the template is not indented by block).
 */
export function lostEnd(source: string): LostEnd | undefined {
  const { root } = parsedWithoutPluginChecks(source);
  const open = innermostOpen(root.consequent);
  if (open === undefined) return undefined;
  const lines = new Lines(source);
  const found = lostEndIn(listsOf(open), lines.indent(open.offset), lines);
  if (found === undefined) return undefined;
  const opening = lines.index.position(found.block.offset);
  const taken = lines.index.position(found.taken);
  return {
    opening: { tag: tagAt(source, opening.line, opening.column) ?? '', line: opening.line },
    taken: { tag: tagAt(source, taken.line, taken.column) ?? '', line: taken.line },
  };
}
