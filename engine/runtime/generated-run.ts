/**
 * A template's second tier: once it has rendered often enough (Template
 * counts), its tree is written out as one JavaScript function. Closures
 * (compiler.ts) call one another through shared call sites that see every
 * kind of step, which V8 cannot inline; in one function each text, lookup,
 * section, loop, predicate and formatter call has its own site, so lookups,
 * truthiness tests and formatters are inlined and blocks run without a call
 * per step. Steps that gain little from it (`.var`, `.ctx`, `.eval`,
 * includes, macros, partial applications, formatters over several
 * variables, the single-name fast paths) are the compiler's own closures,
 * each called from a site of its own.
 *
 * What is written is the closures' behaviour, step for step: the same
 * lookups, scopes, error positions, ticks and flushes (the engine's tests
 * run on this tier as well as on closures).
 *
 * Safety: the function's text is made only of this file's fixed fragments
 * and names and numbers it invents (`c0`, `k[7]`, `f1`, `L2`). Everything that comes
 * from the template — text, names, paths, arguments — reaches the function
 * as a value among its constants, never as source.
 */
import type { AlternateNode, IfNode, Node, Path, PredicateNode, RepeatedNode, RootNode, SectionNode, VariableNode } from '../syntax/nodes.ts';
import { Opcode, opcodeName } from '../syntax/opcodes.ts';
import {
  boundTest,
  compoundTest,
  NO_VALUES,
  noop,
  REMEMBER_FROM,
  walkBlock,
  writeFound,
  type BoundFormatter,
  type Compiler,
} from './compiler.ts';
import { emitValue } from './emit.ts';
import { Frame, NO_SCOPE } from './frame.ts';
import { isPlainName, rememberWalks } from './lookup.ts';
import { readerOf, walkerOf } from './name-readers.ts';
import { lookupOf, sectionLookupOf } from './shared-lookups.ts';
import type { Exec } from './unit.ts';
import { isTruthy } from './values.ts';

/** Renders a template makes on closures before it is written out (tests set 1: every render on this tier). */
export const secondTier = { after: 16 };

/** Blocks nested deeper than this inside one function stay closures (a deep template makes a deep function otherwise). */
const MAX_INLINED_DEPTH = 24;
/**
 * Past this much text nothing is made: a long template whose steps mostly run once a render gains
 * nothing from sites of their own, and V8 then spends seconds optimizing them (a template of
 * 4 096 variables rendered 2–7× slower for its first two seconds, and 20% slower after).
 */
const MAX_SOURCE_LENGTH = 32_000;
/** About the most text of one generated function: a longer block is split into functions of this size. */
const PART_LENGTH = 4_000;
/** Blocks of more steps than this check for a flush after each, as the closures' long blocks do. */
const SHORT_BLOCK = 5;

/** How many helpers come first among the constants, named c0… (isTruthy, writeFound, Frame, rememberWalks, the unit, emitValue, NO_SCOPE). */
const HELPERS = 7;

/** Thrown to stop writing a function that has grown past MAX_SOURCE_LENGTH. */
const TOO_LARGE = Symbol('too large');

let canGenerate = true;

/** What the generated code calls constant `i`: c0… for the helpers, k6… for the rest. */
function constantName(i: number): string {
  return i < HELPERS ? `c${i}` : `k${i}`;
}

/** The template's tree as one function, or null when it cannot be made (too large, or code generation forbidden). */
export function generateRun(compiler: Compiler, root: RootNode): Exec | null {
  if (!canGenerate) return null;
  const writer = new Writer(compiler);
  let body: string;
  try {
    body = writer.block(root.consequent, 'f', 0);
  } catch {
    // Too large to be worth it, or a tree deep enough to exhaust the stack here: the closures serve.
    return null;
  }
  // Every constant is a const of the outer function: the template's functions read each from a
  // context slot of its own rather than from the array (4–13% less time on 16 of the 19 public-template renders).
  const names = writer.constants.map((_, i) => `${constantName(i)} = k[${i}]`);
  const text = `"use strict";\nconst ${names.join(', ')};\n${writer.functions.join('')}return function generatedRun(f, r) {\n${body}};`;
  try {
    return new Function('k', text)(writer.constants) as Exec;
  } catch (e) {
    // A host that forbids code generation throws EvalError: it keeps the closures from now on.
    if (e instanceof EvalError) canGenerate = false;
    return null;
  }
}

class Writer {
  readonly constants: unknown[] = [];
  /** Functions the parts of long blocks became (see parts). */
  readonly functions: string[] = [];
  private readonly indexOf = new Map<unknown, number>();
  private serial = 0;
  length = 0;

  constructor(private readonly compiler: Compiler) {
    // Helpers every function may call, first so their names are fixed.
    for (const helper of [isTruthy, writeFound, Frame, rememberWalks, compiler.unit, emitValue, NO_SCOPE]) this.constant(helper);
  }

  /** The name under which the function sees `value`. */
  constant(value: unknown): string {
    let i = this.indexOf.get(value);
    if (i === undefined) {
      i = this.constants.length;
      this.constants.push(value);
      this.indexOf.set(value, i);
    }
    return constantName(i);
  }

  private fresh(prefix: string): string {
    return `${prefix}${this.serial++}`;
  }

  private emit(code: string): string {
    this.length += code.length;
    if (this.length > MAX_SOURCE_LENGTH) throw TOO_LARGE;
    return code;
  }

  /** A delegated step: the compiler's closure for the node, called from a site of its own. */
  private closure(exec: Exec, f: string): string {
    return exec === noop ? '' : this.emit(`${this.constant(exec)}(${f}, r);\n`);
  }

  /** A block's steps in scope `f`, in the pieces Compiler.block writes (walkBlock). */
  block(nodes: readonly Node[], f: string, depth: number): string {
    const steps: string[] = [];
    const text = (t: string): void => {
      steps.push(this.emit(`r.buf += ${this.constant(t)};\n`));
    };
    walkBlock(nodes, this.compiler, {
      variable: (prefix, path, suffix) => steps.push(this.writeVariable(prefix, path, suffix, f)),
      node: (node, before) => {
        if (before !== '' && node.op === Opcode.SECTION) {
          // A one-name section writes the text before it with its value, in one write, as its closure
          // does (so a render an exception ends there keeps the same output on either tier).
          const fast = this.compiler.singleNameSection(node, before);
          if (fast !== null) {
            steps.push(this.closure(fast, f));
            return;
          }
        }
        if (before !== '') text(before);
        const step = this.node(node, f, depth);
        if (step !== '') steps.push(step);
      },
      text,
    });
    const between = steps.length <= SHORT_BLOCK ? '' : 'if (r.buf.length > r.flushAt) r.flush();\n';
    let size = 0;
    for (const step of steps) size += step.length;
    if (size <= PART_LENGTH) return steps.join(this.emit(between));
    return this.parts(steps, f, between);
  }

  /**
   * A long block's steps as calls of functions of their own, each of about PART_LENGTH: V8
   * optimizes small functions, and leaves one very large function to its slower tiers.
   */
  private parts(steps: readonly string[], f: string, between: string): string {
    const calls: string[] = [];
    let part: string[] = [];
    let size = 0;
    const close = (): void => {
      const name = this.fresh('g');
      this.functions.push(`function ${name}(${f}, r) {\n${part.join(between)}}\n`);
      calls.push(this.emit(`${name}(${f}, r);\n`));
      this.emit(between.repeat(part.length));
      part = [];
      size = 0;
    };
    for (const step of steps) {
      if (size > 0 && size + step.length > PART_LENGTH) close();
      part.push(step);
      size += step.length;
    }
    close();
    return calls.join(between);
  }

  private writeVariable(prefix: string, path: Path, suffix: string, f: string): string {
    const first = path[0];
    const get = path.length === 1 && isPlainName(first) ? walkerOf(first) : lookupOf(path);
    return this.emit(`c1(r, ${this.constant(prefix)}, ${this.constant(get)}(${f}), ${this.constant(suffix)});\n`);
  }

  private node(node: Node, f: string, depth: number): string {
    if (depth >= MAX_INLINED_DEPTH) return this.closure(this.compiler.node(node), f);
    switch (node.op) {
      case Opcode.SECTION:
        return this.section(node, f, depth + 1);
      case Opcode.REPEATED:
        return this.repeated(node, f, depth + 1);
      case Opcode.PREDICATE:
      case Opcode.OR_PREDICATE:
        return this.predicate(node, f, depth + 1);
      case Opcode.IF:
        return this.ifBlock(node, f, depth + 1);
      case Opcode.VARIABLE:
        return this.variable(node, f);
      default:
        return this.closure(this.compiler.node(node), f);
    }
  }

  /**
   * A variable with formatters, as the compiler's steps run it (a value-only chain, or the
   * general chain with `@` in a scope of its own); several variables and partial
   * applications stay the compiler's closures.
   */
  private variable(node: VariableNode, f: string): string {
    const bound = this.compiler.formatters(node.formatters);
    const path = node.variables[0];
    const exec = (): string => this.closure(this.compiler.node(node), f);
    if (bound.length === 0 || node.variables.length !== 1 || path === undefined) return exec();
    const only = bound[0] as BoundFormatter;
    if (bound.length === 1 && only.formatter.partialCall?.(only.args) !== undefined) return exec();
    const valueOnly = bound.every((call) => call.readsOnlyValue);
    const label = this.fresh('L');
    const value = this.fresh('v');
    const values = this.fresh('a');
    let code = `${label}: {\nlet ${value} = ${this.constant(lookupOf(path))}(${f});\n`;
    if (!valueOnly) {
      // A scope over the node `f` already has would find what `f` finds (`{@|fmt}`): no new one.
      code += `const ${values} = [${value}];\nr.frame = ${f};\nr.pending = ${value} !== ${f}.node ? ${value} : c6;\nr.outer = ${f};\n`;
    }
    code += `r.unit = c4;\nr.offset = ${this.constant(node.offset)};\ntry {\n`;
    const given = valueOnly ? this.constant(NO_VALUES) : values;
    for (const call of bound) {
      code += `${value} = ${this.constant(call.impl)}.apply(${value}, ${this.constant(call.args)}, r, ${given});\n`;
    }
    // A plugin that throws: as in the Java reference, the whole instruction produces nothing.
    code += `} catch (e) {\nr.unexpected(e, 'VARIABLE');\nr.tick();\nbreak ${label};\n}\nc5(r, ${value});\nr.tick();\n}\n`;
    return this.emit(code);
  }

  /** The `{.or}` branch of a block in scope `f` ('' when there is none). */
  private alternate(alt: AlternateNode | null, f: string, depth: number): string {
    if (alt === null || alt.op !== Opcode.OR_PREDICATE) return '';
    // A chain of `{.or}`s nests each branch in the one before: it counts as depth too.
    if (depth >= MAX_INLINED_DEPTH) return this.closure(this.compiler.alternate(alt), f);
    return this.predicate(alt, f, depth + 1);
  }

  private section(node: SectionNode, f: string, depth: number): string {
    const fast = this.compiler.singleNameSection(node, '');
    if (fast !== null) return this.closure(fast, f);
    const value = this.fresh('v');
    const inner = this.fresh('f');
    const body = this.block(node.consequent, inner, depth);
    const first = node.path[0];
    const hasAlt = node.alternate !== null && node.alternate.op === Opcode.OR_PREDICATE;
    const read =
      !hasAlt && node.path.length === 1 && isPlainName(first)
        ? `${this.constant(readerOf(first))}(${f}.node)`
        : `${this.constant(sectionLookupOf(node.path))}(${f})`;
    if (!hasAlt) {
      // No alternative: a false section needs no scope.
      return this.emit(`{\nconst ${value} = ${read};\nif (c0(${value})) {\nconst ${inner} = new c2(${value}, ${f});\n`) + body + this.emit('}\n}\n');
    }
    const alt = this.alternate(node.alternate, inner, depth);
    return (
      this.emit(`{\nconst ${value} = ${read};\nconst ${inner} = new c2(${value}, ${f});\nif (c0(${value})) {\n`) +
      body +
      this.emit('} else {\n') +
      alt +
      this.emit('}\n}\n')
    );
  }

  private repeated(node: RepeatedNode, f: string, depth: number): string {
    const fast = this.compiler.singleNameRepeated(node, '');
    if (fast !== null) return this.closure(fast, f);
    const list = this.fresh('l');
    const scope = this.fresh('f');
    const last = this.fresh('n');
    const i = this.fresh('i');
    const item = this.fresh('f');
    const alt = this.alternate(node.alternate, f, depth);
    const body = this.block(node.consequent, item, depth);
    const between = node.alternatesWith.length > 0 ? this.block(node.alternatesWith, item, depth) : '';
    return (
      this.emit(
        `{\nconst ${list} = ${this.constant(sectionLookupOf(node.path))}(${f});\n` +
          `if (!Array.isArray(${list}) || ${list}.length === 0) {\n`,
      ) +
      alt +
      this.emit(
        `} else {\nconst ${scope} = new c2(${list}, ${f});\nconst ${last} = ${list}.length - 1;\n` +
          `if (${last} >= ${REMEMBER_FROM}) c3(${scope});\n` +
          `for (let ${i} = 0; ${i} <= ${last}; ${i}++) {\n${scope}.index = ${i};\nconst ${item} = new c2(${list}[${i}], ${scope});\n`,
      ) +
      body +
      (between === '' ? '' : this.emit(`if (${i} < ${last}) {\n`) + between + this.emit('}\n')) +
      this.emit('r.tick();\n}\n}\n}\n')
    );
  }

  private predicate(node: PredicateNode, f: string, depth: number): string {
    if (node.name === null) return this.block(node.consequent, f, depth);
    const impl = this.compiler.plugins.predicate(node.name);
    if (impl === undefined) return this.alternate(node.alternate, f, depth);
    const label = this.fresh('L');
    const pass = this.fresh('p');
    const test = this.constant(boundTest(impl, node.args));
    const opcode = this.constant(opcodeName(node.op));
    const body = this.block(node.consequent, f, depth);
    const alt = this.alternate(node.alternate, f, depth);
    return (
      this.emit(
        `${label}: {\nr.frame = ${f};\nr.pending = c6;\nr.outer = ${f};\nr.unit = c4;\nr.offset = ${this.constant(node.offset)};\nlet ${pass};\n` +
          // A failing predicate renders neither branch, as in the Java reference.
          `try {\n${pass} = ${test}(${f}.node, r);\n} catch (e) {\nr.unexpected(e, ${opcode});\nbreak ${label};\n}\n` +
          // a step of the time limit's count, as in the closures' predicate
          `r.step();\nif (${pass}) {\n`,
      ) +
      body +
      this.emit('} else {\n') +
      alt +
      this.emit('}\n}\n')
    );
  }

  private ifBlock(node: IfNode, f: string, depth: number): string {
    const lookups = node.variables.map(lookupOf);
    let test: string;
    if (lookups.length === 1) {
      test = `c0(${this.constant(lookups[0])}(${f}))`;
    } else if (lookups.length === 2) {
      const join = node.operators[0] === 1 ? '&&' : '||';
      test = `c0(${this.constant(lookups[0])}(${f})) ${join} c0(${this.constant(lookups[1])}(${f}))`;
    } else {
      test = `${this.constant(compoundTest(lookups, node.operators))}(${f})`;
    }
    const body = this.block(node.consequent, f, depth);
    const alt = this.alternate(node.alternate, f, depth);
    return this.emit(`if (${test}) {\n`) + body + this.emit('} else {\n') + alt + this.emit('}\n');
  }
}
