/**
 * What a compiled template uses, read from its instruction tree rather than
 * from the source text: the formatters and predicates it calls, the
 * variables it reads, the partials and macros it applies or includes, the
 * macros it defines, and its `.eval` expressions with any problem compiling
 * them. `tmpl check` resolves partials and macros with it; page caching and
 * live reload can ask the same question.
 */
import { messages } from './messages.ts';
import type { PluginRegistry } from './plugins/registry.ts';
import { evalMissingOperandWarning } from './diagnostics/eval-missing-operand.ts';
import { cachedExpression } from './runtime/expression-cache.ts';
import type { Limits } from './runtime/limits.ts';
import { LIFTED, joinPath, type AlternateNode, type FormatterCall, type Node, type RootNode } from './syntax/nodes.ts';
import { Opcode } from './syntax/opcodes.ts';
import type { SourcePositions } from './syntax/positions.ts';

export interface Position {
  line: number;
  column: number;
}

/** A partial or macro asked for by name: `{x|apply name}` or `{.include name}`. */
export interface PartialUse extends Position {
  name: string;
  via: 'apply' | 'include';
}

export interface MacroDefinition extends Position {
  name: string;
}

export interface EvalUse extends Position {
  code: string;
  /** Problems compiling the expression, as a render would report them; [] when it compiles. */
  problems: string[];
  /** An operator written without an operand, which the references accept and meet only where it runs; [] otherwise. */
  warnings: string[];
}

export interface TemplateAnalysis {
  /** Formatter names, each once, in the order first used. */
  formatters: string[];
  /** Predicate names, each once, in the order first used. */
  predicates: string[];
  /** Variables read by instructions (dotted paths as written), each once. */
  variables: string[];
  partials: PartialUse[];
  macros: MacroDefinition[];
  evals: EvalUse[];
}

interface AnalyzeInput {
  root: RootNode;
  lines: SourcePositions | null;
  plugins: PluginRegistry;
  limits: Limits;
}

function assertNever(node: never): never {
  throw new Error(`analyze: unhandled instruction ${JSON.stringify(node)}`);
}

export function analyzeTemplate({ root, lines, plugins, limits }: AnalyzeInput): TemplateAnalysis {
  const formatters = new Set<string>();
  const predicates = new Set<string>();
  const variables = new Set<string>();
  const partials: PartialUse[] = [];
  const macros: MacroDefinition[] = [];
  const evals: EvalUse[] = [];
  // A tree built from JSON has no source: positions are then 0:0.
  const at = (offset: number): Position => (lines ? lines.position(offset) : { line: 0, column: 0 });

  const calls = (list: readonly FormatterCall[], offset: number): void => {
    for (const call of list) {
      formatters.add(call.name);
      const partial = plugins.formatter(call.name)?.partialCall?.(call.args ?? []);
      if (partial !== undefined) partials.push({ name: partial.name, via: 'apply', ...at(offset) });
    }
  };
  const block = (nodes: readonly Node[]): void => {
    for (const n of nodes) visit(n);
  };
  const alternate = (alt: AlternateNode | null): void => {
    if (alt !== null) visit(alt);
  };

  function visit(node: Node): void {
    switch (node.op) {
      case Opcode.VARIABLE:
        for (const path of node.variables) variables.add(joinPath(path));
        calls(node.formatters, node.offset);
        return;
      case Opcode.BINDVAR:
        for (const path of node.variables) variables.add(joinPath(path));
        calls(node.formatters, node.offset);
        return;
      case Opcode.SECTION:
        variables.add(joinPath(node.path));
        block(node.consequent);
        alternate(node.alternate);
        return;
      case Opcode.REPEATED:
        variables.add(joinPath(node.path));
        block(node.consequent);
        block(node.alternatesWith);
        alternate(node.alternate);
        return;
      case Opcode.PREDICATE:
      case Opcode.OR_PREDICATE:
        if (node.name !== null) predicates.add(node.name);
        block(node.consequent);
        alternate(node.alternate);
        return;
      case Opcode.IF:
        for (const path of node.variables) variables.add(joinPath(path));
        block(node.consequent);
        alternate(node.alternate);
        return;
      case Opcode.CTXVAR:
        for (const [, path] of node.bindings) variables.add(joinPath(path));
        return;
      case Opcode.EVAL: {
        const { expr } = cachedExpression(node.code, limits);
        const problems = expr.errors.map((e) => messages.expressionParse(expr.source, e));
        const gap = problems.length === 0 ? evalMissingOperandWarning(node.code) : null;
        evals.push({ code: node.code, problems, warnings: gap === null ? [] : [gap], ...at(node.offset) });
        return;
      }
      case Opcode.INCLUDE:
        partials.push({ name: node.name, via: 'include', ...at(node.offset) });
        return;
      case Opcode.MACRO:
        macros.push({ name: node.name, ...at(node.offset) });
        block(node.consequent);
        return;
      case Opcode.ROOT:
        block(node.consequent);
        return;
      case Opcode.TEXT:
      case Opcode.INJECT:
      case Opcode.COMMENT:
      case Opcode.META_LEFT:
      case Opcode.META_RIGHT:
      case Opcode.NEWLINE:
      case Opcode.SPACE:
      case Opcode.TAB:
      case Opcode.END:
      case Opcode.EOF:
      case Opcode.ALTERNATES_WITH:
      case LIFTED:
        return;
      default:
        return assertNever(node);
    }
  }

  visit(root);
  return {
    formatters: [...formatters],
    predicates: [...predicates],
    variables: [...variables],
    partials,
    macros,
    evals,
  };
}
