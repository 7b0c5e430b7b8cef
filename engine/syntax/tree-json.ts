/**
 * The references' JSON form of an instruction tree: nested opcode arrays
 * such as `[17,1,[[0,"a"],[1,[["b"]],0]],18]`. Templates can be exchanged in
 * this form and executed from it.
 */
import type {
  AlternateNode,
  FormatterCall,
  Node,
  Path,
  PredicateNode,
  RootNode,
  SimpleNode,
} from './nodes.ts';
import { LIFTED, unknownKind } from './nodes.ts';
import { Opcode } from './opcodes.ts';

export type TreeJson = number | string | TreeJson[];

function formattersJson(calls: readonly FormatterCall[]): TreeJson {
  if (calls.length === 0) return 0;
  return calls.map((c) => (c.args === null ? [c.name] : [c.name, [[...c.args], c.delimiter]]));
}

function argsJson(args: readonly string[] | null, delimiter: string): TreeJson {
  return args === null ? 0 : [[...args], delimiter];
}

const paths = (list: readonly Path[]): TreeJson => list.map((p) => [...p]);

function blockJson(nodes: readonly Node[]): TreeJson[] {
  const out: TreeJson[] = [];
  for (const node of nodes) {
    if (node.op === LIFTED) continue;
    const json = nodeJson(node);
    const last = out[out.length - 1];
    // Text on both sides of a dropped preprocessor tag is one text in the JSON form.
    if (node.op === Opcode.TEXT && Array.isArray(last) && last[0] === Opcode.TEXT) last[1] = `${last[1] as string}${node.text}`;
    else out.push(json);
  }
  return out;
}

function alternateJson(alt: AlternateNode | null): TreeJson {
  if (alt === null) return Opcode.END;
  return alt.op === Opcode.OR_PREDICATE ? nodeJson(alt) : alt.op;
}

export function nodeJson(node: Node): TreeJson {
  switch (node.op) {
    case Opcode.TEXT:
      return [Opcode.TEXT, node.text];
    case Opcode.VARIABLE:
      return [Opcode.VARIABLE, paths(node.variables), formattersJson(node.formatters)];
    case Opcode.SECTION:
      return [Opcode.SECTION, [...node.path], blockJson(node.consequent), alternateJson(node.alternate)];
    case Opcode.REPEATED:
      return [
        Opcode.REPEATED,
        [...node.path],
        blockJson(node.consequent),
        alternateJson(node.alternate),
        node.alternatesWith.length > 0 ? blockJson(node.alternatesWith) : 0,
      ];
    case Opcode.PREDICATE:
    case Opcode.OR_PREDICATE:
      return [
        node.op,
        node.name ?? 0,
        argsJson(node.args, node.delimiter),
        blockJson(node.consequent),
        alternateJson(node.alternate),
      ];
    case Opcode.IF:
      return [Opcode.IF, [...node.operators], paths(node.variables), blockJson(node.consequent), alternateJson(node.alternate)];
    case Opcode.BINDVAR:
      return [Opcode.BINDVAR, node.name, paths(node.variables), formattersJson(node.formatters)];
    case Opcode.CTXVAR:
      return [Opcode.CTXVAR, node.name, node.bindings.map(([k, p]) => [k, [...p]])];
    case Opcode.EVAL:
      return [Opcode.EVAL, node.code];
    case Opcode.INCLUDE:
      return [Opcode.INCLUDE, node.name, argsJson(node.args, node.delimiter)];
    case Opcode.INJECT:
      return [Opcode.INJECT, node.name, node.path, argsJson(node.args, node.delimiter)];
    case Opcode.MACRO:
      return [Opcode.MACRO, node.name, blockJson(node.consequent)];
    case Opcode.COMMENT:
      return [Opcode.COMMENT, node.text, node.multiline ? 1 : 0];
    case Opcode.ROOT:
      return [Opcode.ROOT, 1, blockJson(node.consequent), Opcode.EOF];
    // the one-character texts and block ends are their opcode alone
    case Opcode.META_LEFT:
    case Opcode.META_RIGHT:
    case Opcode.NEWLINE:
    case Opcode.SPACE:
    case Opcode.TAB:
    case Opcode.END:
    case Opcode.EOF:
    case Opcode.ALTERNATES_WITH:
    case LIFTED:
      return node.op;
    default:
      return unknownKind(node, (node as Node).op);
  }
}

export function treeToJson(root: RootNode): TreeJson {
  return nodeJson(root);
}

/** Thrown for JSON that is not an instruction tree. */
export class TreeJsonError extends Error {}

const fail = (what: string): never => {
  throw new TreeJsonError(`Invalid instruction tree: ${what}`);
};

function asArray(v: TreeJson, what: string): TreeJson[] {
  return Array.isArray(v) ? v : fail(what);
}

function asString(v: TreeJson, what: string): string {
  return typeof v === 'string' ? v : fail(what);
}

function pathFrom(v: TreeJson): Path {
  return asArray(v, 'path').map((s) => (typeof s === 'number' || typeof s === 'string' ? s : fail('path segment')));
}

function formattersFrom(v: TreeJson): FormatterCall[] {
  if (v === 0) return [];
  return asArray(v, 'formatters').map((c) => {
    const call = asArray(c, 'formatter');
    const name = asString(call[0] as TreeJson, 'formatter name');
    if (call.length < 2) return { name, args: null, delimiter: '' };
    const a = argsFrom(call[1] as TreeJson);
    return { name, ...a };
  });
}

function argsFrom(v: TreeJson): { args: string[] | null; delimiter: string } {
  if (v === 0) return { args: null, delimiter: '' };
  const pair = asArray(v, 'arguments');
  return {
    args: asArray(pair[0] as TreeJson, 'argument list').map((a) => asString(a, 'argument')),
    delimiter: asString(pair[1] as TreeJson, 'delimiter'),
  };
}

function blockFrom(v: TreeJson): Node[] {
  if (v === 0) return [];
  return asArray(v, 'block').map(nodeFrom);
}

function alternateFrom(v: TreeJson): AlternateNode | null {
  if (typeof v === 'number') return { op: v, offset: 0 } as SimpleNode;
  return nodeFrom(v) as PredicateNode;
}

export function nodeFrom(v: TreeJson): Node {
  if (typeof v === 'number') return { op: v, offset: 0 } as SimpleNode;
  const a = asArray(v, 'instruction');
  const op = a[0];
  const offset = 0;
  switch (op) {
    case Opcode.TEXT:
      return { op, offset, text: asString(a[1] as TreeJson, 'text') };
    case Opcode.VARIABLE:
      return { op, offset, variables: asArray(a[1] as TreeJson, 'variables').map(pathFrom), formatters: formattersFrom(a[2] as TreeJson) };
    case Opcode.SECTION:
      return { op, offset, path: pathFrom(a[1] as TreeJson), consequent: blockFrom(a[2] as TreeJson), alternate: alternateFrom(a[3] as TreeJson) };
    case Opcode.REPEATED:
      return {
        op,
        offset,
        path: pathFrom(a[1] as TreeJson),
        consequent: blockFrom(a[2] as TreeJson),
        alternate: alternateFrom(a[3] as TreeJson),
        alternatesWith: blockFrom((a[4] ?? 0) as TreeJson),
        alternatesWithOffset: -1,
      };
    case Opcode.PREDICATE:
    case Opcode.OR_PREDICATE: {
      const name = a[1] === 0 ? null : asString(a[1] as TreeJson, 'predicate name');
      return {
        op,
        offset,
        name,
        ...argsFrom(a[2] as TreeJson),
        viaIf: false,
        consequent: blockFrom(a[3] as TreeJson),
        alternate: alternateFrom((a[4] ?? Opcode.END) as TreeJson),
      };
    }
    case Opcode.IF:
      return {
        op,
        offset,
        operators: asArray(a[1] as TreeJson, 'operators').map((o) => (o === 1 ? 1 : 0)),
        variables: asArray(a[2] as TreeJson, 'variables').map(pathFrom),
        consequent: blockFrom(a[3] as TreeJson),
        alternate: alternateFrom((a[4] ?? Opcode.END) as TreeJson),
      };
    case Opcode.BINDVAR:
      return { op, offset, name: asString(a[1] as TreeJson, 'name'), variables: asArray(a[2] as TreeJson, 'variables').map(pathFrom), formatters: formattersFrom(a[3] as TreeJson) };
    case Opcode.CTXVAR:
      return {
        op,
        offset,
        name: asString(a[1] as TreeJson, 'name'),
        bindings: asArray(a[2] as TreeJson, 'bindings').map((b) => {
          const pair = asArray(b, 'binding');
          return [asString(pair[0] as TreeJson, 'binding key'), pathFrom(pair[1] as TreeJson)] as const;
        }),
      };
    case Opcode.EVAL:
      return { op, offset, code: asString(a[1] as TreeJson, 'expression') };
    case Opcode.INCLUDE: {
      const { args, delimiter } = argsFrom((a[2] ?? 0) as TreeJson);
      return { op, offset, name: asString(a[1] as TreeJson, 'name'), args, delimiter };
    }
    case Opcode.INJECT: {
      const { args, delimiter } = argsFrom((a[3] ?? 0) as TreeJson);
      return { op, offset, name: asString(a[1] as TreeJson, 'name'), path: asString(a[2] as TreeJson, 'path'), args, delimiter };
    }
    case Opcode.MACRO:
      return { op, offset, name: asString(a[1] as TreeJson, 'name'), consequent: blockFrom(a[2] as TreeJson) };
    case Opcode.COMMENT:
      return { op, offset, text: asString(a[1] as TreeJson, 'comment'), multiline: a[2] === 1 };
    case Opcode.ROOT:
      return { op, offset, consequent: blockFrom(a[2] as TreeJson), alternate: { op: Opcode.EOF, offset } };
    default:
      return fail(`unknown opcode ${String(op)}`);
  }
}

export function treeFromJson(json: TreeJson): RootNode {
  const node = nodeFrom(json);
  return node.op === Opcode.ROOT ? node : fail('the top instruction must be ROOT (17)');
}
