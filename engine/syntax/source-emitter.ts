/**
 * Instruction tree → template source. Parsing a template and emitting it
 * gives the same text back (the round-trip the golden files check), which
 * also makes this the basis of a formatter for template authors.
 */
import { LIFTED, type AlternateNode, type FormatterCall, type Node, type Path, type RootNode } from './nodes.ts';
import { Opcode } from './opcodes.ts';

export function emitSource(root: RootNode, options: { preprocess?: boolean } = {}): string {
  const open = options.preprocess ? '{^' : '{';
  const tag = (inner: string): string => `${open}${inner}}`;
  const path = (p: Path): string => p.join('.');
  const args = (list: readonly string[] | null, delimiter: string): string =>
    list === null ? '' : delimiter + list.join(delimiter);
  const formatters = (calls: readonly FormatterCall[]): string =>
    calls.map((c) => `|${c.name}${args(c.args, c.delimiter)}`).join('');

  const block = (nodes: readonly Node[]): string => nodes.map(node).join('');
  const alternate = (alt: AlternateNode | null): string => (alt === null ? '' : node(alt));

  function node(n: Node): string {
    switch (n.op) {
      case Opcode.TEXT:
        return n.text;
      case LIFTED:
        return n.raw;
      case Opcode.VARIABLE:
        return tag(n.variables.map(path).join(',') + formatters(n.formatters));
      case Opcode.SECTION:
        return tag(`.section ${path(n.path)}`) + block(n.consequent) + alternate(n.alternate);
      case Opcode.REPEATED: {
        const between = n.alternatesWithOffset >= 0 || n.alternatesWith.length > 0 ? tag('.alternates with') + block(n.alternatesWith) : '';
        return tag(`.repeated section ${path(n.path)}`) + block(n.consequent) + between + alternate(n.alternate);
      }
      case Opcode.PREDICATE: {
        const head = n.viaIf ? `.if ${n.name}` : `.${n.name}`;
        return tag(head + args(n.args, n.delimiter)) + block(n.consequent) + alternate(n.alternate);
      }
      case Opcode.OR_PREDICATE: {
        const head = n.name === null ? '.or' : `.or ${n.name}${args(n.args, n.delimiter)}`;
        return tag(head) + block(n.consequent) + alternate(n.alternate);
      }
      case Opcode.IF: {
        let expr = path(n.variables[0] as Path);
        for (let i = 1; i < n.variables.length; i++) {
          expr += `${n.operators[i - 1] === 1 ? ' && ' : ' || '}${path(n.variables[i] as Path)}`;
        }
        return tag(`.if ${expr}`) + block(n.consequent) + alternate(n.alternate);
      }
      case Opcode.BINDVAR:
        return tag(`.var ${n.name} ${n.variables.map(path).join(',')}${formatters(n.formatters)}`);
      case Opcode.CTXVAR:
        return tag(`.ctx ${n.name} ${n.bindings.map(([k, p]) => `${k}=${path(p)}`).join(' ')}`);
      case Opcode.EVAL:
        return tag(`.eval ${n.code}`);
      case Opcode.INCLUDE:
        return tag(`.include ${n.name}${args(n.args, n.delimiter)}`);
      case Opcode.INJECT:
        return tag(`.inject ${n.name} ${n.path}${args(n.args, n.delimiter)}`);
      case Opcode.MACRO:
        return tag(`.macro ${n.name}`) + block(n.consequent) + tag('.end');
      case Opcode.COMMENT:
        // A multi-line comment is the same in either pass: it never takes the preprocessor's `^`.
        return n.multiline ? `{##${n.text}##}` : tag(`#${n.text}`);
      case Opcode.META_LEFT:
        return tag('.meta-left');
      case Opcode.META_RIGHT:
        return tag('.meta-right');
      case Opcode.NEWLINE:
        return tag('.newline');
      case Opcode.SPACE:
        return tag('.space');
      case Opcode.TAB:
        return tag('.tab');
      case Opcode.END:
        return tag('.end');
      case Opcode.ALTERNATES_WITH:
        return tag('.alternates with');
      case Opcode.ROOT:
        return block(n.consequent);
      default:
        return '';
    }
  }

  return node(root);
}
