/**
 * A readable dump of the instruction tree, one instruction a line with its
 * line and column, for template authors debugging structure (`tmpl tree`).
 * The layout follows the references' tree emitter.
 */
import { LIFTED, type AlternateNode, type FormatterCall, type Node, type Path, type RootNode } from './nodes.ts';
import { Opcode, opcodeName } from './opcodes.ts';
import type { SourcePositions } from './positions.ts';

const PREVIEW = 40;

function quote(text: string): string {
  const shown = text.length > PREVIEW ? `${text.slice(0, PREVIEW)} ...` : text;
  return `"${shown.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t')}"`;
}

export function printTree(root: RootNode, lines: SourcePositions): string {
  const out: string[] = [];
  const at = (offset: number | null): string => {
    if (offset === null) return '{0,0}';
    const p = lines.position(offset);
    return `{${p.line},${p.column}}`;
  };
  const line = (depth: number, text: string): void => {
    out.push('  '.repeat(depth) + text);
  };
  const path = (p: Path): string => p.join('.');
  const predicateText = (name: string, args: readonly string[] | null, delimiter: string): string =>
    args === null ? name : `${name} delim='${delimiter}' parsed=[${args.join(', ')}]`;
  const formatters = (depth: number, calls: readonly FormatterCall[]): void => {
    for (const c of calls) line(depth, `| ${c.name}${c.args === null ? '' : ' ' + c.args.join(' ')}`);
  };
  const block = (depth: number, nodes: readonly Node[]): void => {
    for (const n of nodes) node(depth, n);
  };
  const alternate = (depth: number, alt: AlternateNode | null): void => {
    if (alt !== null && alt.op !== Opcode.EOF) node(depth, alt);
  };

  function node(depth: number, n: Node): void {
    const head = `${opcodeName(n.op)} ${at(n.offset)}`;
    switch (n.op) {
      case LIFTED:
        return;
      case Opcode.TEXT:
        return line(depth, `${head} (len=${n.text.length}) ${quote(n.text)}`);
      case Opcode.COMMENT:
        return line(depth, `${head} (len=${n.text.length}) ${quote(n.text)}`);
      case Opcode.VARIABLE:
        line(depth, `${head} ${n.variables.map(path).join(', ')}`);
        return formatters(depth + 1, n.formatters);
      case Opcode.BINDVAR:
        line(depth, `${head} ${n.name} = ${n.variables.map(path).join(', ')}`);
        return formatters(depth + 1, n.formatters);
      case Opcode.SECTION:
        line(depth, `${head} ${path(n.path)}`);
        block(depth + 1, n.consequent);
        return alternate(depth, n.alternate);
      case Opcode.REPEATED:
        line(depth, `${head} ${path(n.path)}`);
        block(depth + 1, n.consequent);
        if (n.alternatesWithOffset >= 0) {
          line(depth + 1, `ALTERNATES_WITH ${at(n.alternatesWithOffset)}`);
          block(depth + 2, n.alternatesWith);
          line(depth + 1, `END ${at(null)}`);
        }
        return alternate(depth, n.alternate);
      case Opcode.PREDICATE:
        line(depth, `${n.viaIf ? `IF ${at(n.offset)}` : head} ${predicateText(n.name ?? '', n.args, n.delimiter)}`);
        block(depth + 1, n.consequent);
        return alternate(depth, n.alternate);
      case Opcode.OR_PREDICATE:
        line(depth, n.name === null ? head : `${head} ${predicateText(n.name, n.args, n.delimiter)}`);
        block(depth + 1, n.consequent);
        return alternate(depth, n.alternate);
      case Opcode.IF: {
        let expr = path(n.variables[0] as Path);
        for (let i = 1; i < n.variables.length; i++) expr += `${n.operators[i - 1] === 1 ? ' && ' : ' || '}${path(n.variables[i] as Path)}`;
        line(depth, `${head} ${expr}`);
        block(depth + 1, n.consequent);
        return alternate(depth, n.alternate);
      }
      case Opcode.MACRO:
        line(depth, `${head} ${n.name}`);
        return block(depth + 1, n.consequent);
      case Opcode.CTXVAR:
        return line(depth, `${head} ${n.name} ${n.bindings.map(([k, p]) => `${k}=${path(p)}`).join(' ')}`);
      case Opcode.EVAL:
        return line(depth, `${head} ${n.code}`);
      case Opcode.INCLUDE:
        return line(depth, `${head} ${n.name}${n.args && n.args.length ? ' ' + n.args.join(' ') : ''}`);
      case Opcode.INJECT:
        return line(depth, `${head} ${n.name} ${n.path}`);
      case Opcode.ROOT:
        return block(depth, n.consequent);
      default:
        return line(depth, head);
    }
  }

  node(0, root);
  return out.join('\n');
}
