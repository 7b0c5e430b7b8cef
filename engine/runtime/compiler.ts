/**
 * Instruction tree → JavaScript closures, once per template. Rendering then
 * only calls closures: no parsing, no walking of the tree, no template text
 * ever turned into code. Constant text runs are merged into one string,
 * plugins are bound at compile time, and lookups are specialised by shape.
 * A template rendered often is then written out as one function, its second
 * tier (generated-run.ts), which calls some of these closures itself.
 */
import { messages } from '../messages.ts';
import type { PluginRegistry } from '../plugins/registry.ts';
import type { BoundTest, Formatter, PartialCall, Predicate } from '../plugins/types.ts';
import type {
  AlternateNode,
  BindvarNode,
  CtxvarNode,
  EvalNode,
  FormatterCall,
  IfNode,
  IncludeNode,
  Node,
  Path,
  PredicateNode,
  RepeatedNode,
  SectionNode,
  VariableNode,
} from '../syntax/nodes.ts';
import { LIFTED, unknownKind } from '../syntax/nodes.ts';
import { Opcode, opcodeName } from '../syntax/opcodes.ts';
import { emitValue, valueText } from './emit.ts';
import { JsonDouble } from './json-double.ts';
import { cachedExpression } from './expression-cache.ts';
import { EXPRESSION_DEBUG_ARROW, FailedEvaluation, formatExpressionDebug, formatExpressionNumber } from './expressions/index.ts';
import { Frame, NO_SCOPE } from './frame.ts';
import type { Limits } from './limits.ts';
import { compileLookup, isPlainName, rememberWalks, type Lookup } from './lookup.ts';
import { readerOf, walkerOf } from './name-readers.ts';
import { lookupOf, sectionLookupOf, sharedBindings, type SharedBindings } from './shared-lookups.ts';
import type { RenderState } from './render-state.ts';
import type { Exec, Unit } from './unit.ts';
import { isTruthy } from './values.ts';

/** The step that does nothing (a block with nothing to run). */
export const noop: Exec = () => {};

/** Loops over more items than this remember the walks out of them (see rememberWalks): a short one would spend more on the memo than it saves. */
export const REMEMBER_FROM = 3;

export class BoundFormatter {
  /** Whether `apply` declares only (value, args): read once here, as a function's length is slow to read. */
  readonly readsOnlyValue: boolean;
  /** What a call runs: the formatter bound to its arguments where it offers that (Formatter.bind), else itself. */
  readonly impl: Pick<Formatter, 'apply'>;

  constructor(
    /** The formatter as registered (its partialCall, for the partial fast path). */
    readonly formatter: Formatter,
    readonly args: readonly string[],
  ) {
    this.impl = formatter.bind?.(args) ?? formatter;
    this.readsOnlyValue = this.impl.apply.length <= 2;
  }
}

const NO_ARGS: readonly string[] = Object.freeze([]);
const NO_FORMATTERS: readonly BoundFormatter[] = Object.freeze([]);

/** What a formatter that reads only its value and arguments is given for the variables it never reads. */
export const NO_VALUES: readonly unknown[] = Object.freeze([]);

/** Whether a formatter's `apply` declares only (value, args): it then cannot read the render's scope or variables. */
function readsOnlyValue(call: BoundFormatter): boolean {
  return call.readsOnlyValue;
}

/** A plugin threw: as in the Java reference, the whole instruction produces nothing. */
const FAILED: unique symbol = Symbol('failed');

export class Compiler {
  /** Set on each compiled closure that can report, so errors point into the right source. */
  unit: Unit | null = null;
  /** The steps of the blocks being compiled, innermost last: one list reused rather than one grown per block. */
  private readonly steps: Exec[] = [];

  /** Formatter bindings shared by every template compiled with this registry. */
  private readonly bindings: SharedBindings<BoundFormatter>;

  constructor(
    readonly plugins: PluginRegistry,
    private readonly limits: Limits,
  ) {
    this.bindings = sharedBindings(plugins);
  }

  block(nodes: readonly Node[]): Exec {
    const execs = this.steps;
    const base = execs.length;
    walkBlock(nodes, this, {
      variable: (prefix, path, suffix) => execs.push(writeVariable(prefix, path, suffix)),
      node: (node, before) => {
        // Some steps write the constant text before them themselves (see stepAfterText).
        const joined = before === '' ? null : this.stepAfterText(before, node);
        if (joined !== null) {
          execs.push(joined);
          return;
        }
        if (before !== '') execs.push(writeText(before));
        const exec = this.node(node);
        if (exec !== noop) execs.push(exec);
      },
      text: (text) => execs.push(writeText(text)),
    });
    const exec = sequence(execs, base);
    while (execs.length > base) execs.pop();
    return exec;
  }

  /** The path of a variable that is written as it is (no formatter applies), else null. */
  plainVariable(node: Node): Path | null {
    if (node.op !== Opcode.VARIABLE) return null;
    if (this.anyFormatter(node.formatters)) return null;
    // Without formatters only the first of several variables is written.
    return node.variables[0] ?? null;
  }

  /** Whether a call names a known formatter (unknown names are skipped when bound). */
  private anyFormatter(calls: readonly FormatterCall[]): boolean {
    if (calls.length === 0) return false;
    const kept = this.bindings.find(calls);
    if (kept !== undefined) return kept.length > 0;
    for (let i = 0; i < calls.length; i++) if (this.plugins.formatter((calls[i] as FormatterCall).name) !== undefined) return true;
    return false;
  }

  /**
   * A body that is only constant text around one plain `{name}` (no formatter), as its parts; else null.
   * Such a body reads nothing from its scope but that one name, so sections can run it without one.
   */
  private singleNameBody(nodes: readonly Node[]): { prefix: string; name: string; suffix: string } | null {
    let prefix = '';
    let suffix = '';
    let name: string | null = null;
    for (const node of nodes) {
      const constant = constantText(node);
      if (constant !== null) {
        if (name === null) prefix += constant;
        else suffix += constant;
        continue;
      }
      if (name !== null) return null;
      const path = this.plainVariable(node);
      if (path === null || path.length !== 1) return null;
      const segment = path[0];
      if (!isPlainName(segment)) return null;
      name = segment;
    }
    return name === null ? null : { prefix, name, suffix };
  }

  /** One node's step (its text, if any, written by the caller). */
  node(node: Node): Exec {
    switch (node.op) {
      case Opcode.VARIABLE:
        return this.variable(node);
      case Opcode.SECTION:
        return this.section(node);
      case Opcode.REPEATED:
        return this.repeated(node);
      case Opcode.PREDICATE:
      case Opcode.OR_PREDICATE:
        return this.predicate(node);
      case Opcode.IF:
        return this.ifBlock(node, '');
      case Opcode.BINDVAR:
        return this.bindvar(node);
      case Opcode.CTXVAR:
        return this.ctxvar(node);
      case Opcode.EVAL:
        return this.evaluate(node);
      case Opcode.INCLUDE:
        return this.include(node);
      case Opcode.INJECT: {
        const { name, path } = node;
        return (f, r) => f.setVar(name, r.injectable(path));
      }
      case Opcode.MACRO: {
        const body = this.block(node.consequent);
        const macro: Unit = { run: body, name: node.name, lines: this.unit?.lines ?? null };
        const { name } = node;
        return (f) => f.setMacro(name, macro);
      }
      case Opcode.ROOT:
        return this.block(node.consequent);
      // text (written by the caller) and what closes a block: no step of their own
      case Opcode.TEXT:
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
        return noop;
      default:
        return unknownKind(node, noop);
    }
  }

  /** The step of a block's `{.or}` branch (noop when there is none). */
  alternate(alt: AlternateNode | null): Exec {
    if (alt === null || alt.op !== Opcode.OR_PREDICATE) return noop;
    return this.predicate(alt);
  }

  /** A formatter list bound to the registry's formatters (unknown names left out). */
  formatters(calls: readonly FormatterCall[]): readonly BoundFormatter[] {
    if (calls.length === 0) return NO_FORMATTERS;
    let bound = this.bindings.find(calls);
    if (bound === undefined) {
      bound = this.bind(calls);
      this.bindings.keep(calls, bound);
    }
    return bound;
  }

  private bind(calls: readonly FormatterCall[]): BoundFormatter[] {
    if (calls.length === 1) {
      // The commonest chain, in a list of its exact size (one grown by push reserves room for sixteen).
      const call = calls[0] as FormatterCall;
      const impl = this.plugins.formatter(call.name);
      return impl === undefined ? [] : [new BoundFormatter(impl, call.args ?? NO_ARGS)];
    }
    const bound: BoundFormatter[] = [];
    for (const call of calls) {
      const impl = this.plugins.formatter(call.name);
      // Unknown names were reported at parse time (or come from a foreign tree): skip them.
      if (impl !== undefined) bound.push(new BoundFormatter(impl, call.args ?? NO_ARGS));
    }
    return bound;
  }

  /** Applies a formatter chain; formatters see the first variable's value as `@`. */
  private chain(bound: readonly BoundFormatter[], opcode: string, offset: number, push: boolean) {
    const unit = this.unit;
    if (bound.length === 1) {
      // One formatter, the commonest chain: no loop, the call bound directly.
      const { impl, args } = bound[0] as BoundFormatter;
      return (values: unknown[], f: Frame, r: RenderState): unknown => {
        const value = values[0];
        // A scope over the node `f` already has would find what `f` finds (`{@|fmt}`): no new one.
        r.frame = f;
        r.pending = push && value !== f.node ? value : NO_SCOPE;
        r.outer = f;
        r.unit = unit;
        r.offset = offset;
        try {
          return impl.apply(value, args, r, values);
        } catch (e) {
          r.unexpected(e, opcode);
          return FAILED;
        }
      };
    }
    return (values: unknown[], f: Frame, r: RenderState): unknown => {
      let value = values[0];
      r.frame = f;
      r.pending = push && value !== f.node ? value : NO_SCOPE;
      r.outer = f;
      r.unit = unit;
      r.offset = offset;
      for (let i = 0; i < bound.length; i++) {
        const call = bound[i] as BoundFormatter;
        try {
          value = call.impl.apply(value, call.args, r, values);
        } catch (e) {
          r.unexpected(e, opcode);
          return FAILED;
        }
      }
      return value;
    };
  }

  private variable(node: VariableNode): Exec {
    const bound = this.formatters(node.formatters);
    if (bound.length === 0) return writeVariable('', node.variables[0] as Path, '');
    if (node.variables.length === 1 && bound.length === 1) {
      const { formatter, args } = bound[0] as BoundFormatter;
      const call = formatter.partialCall?.(args);
      if (call !== undefined) return this.partialStep(node.variables[0] as Path, call, node.offset);
    }
    if (node.variables.length === 1 && bound.every(readsOnlyValue)) {
      return this.valueOnlyVariable('', node.variables[0] as Path, bound, node.offset);
    }
    const apply = this.chain(bound, 'VARIABLE', node.offset, true);
    if (node.variables.length === 1) {
      const get = lookupOf(node.variables[0] as Path);
      return (f, r) => {
        const value = apply([get(f)], f, r);
        if (value !== FAILED) emitValue(r, value);
        r.tick();
      };
    }
    const lookups = node.variables.map(lookupOf);
    return (f, r) => {
      const value = apply(lookups.map((l) => l(f)), f, r);
      if (value !== FAILED) emitValue(r, value);
      r.tick();
    };
  }

  /** A variable whose only formatter applies a partial (`{@|apply name}`): the partial writes to the output itself. */
  private partialStep(path: Path, call: PartialCall, offset: number): Exec {
    const unit = this.unit;
    const get = lookupOf(path);
    const { name, isolated } = call;
    return (f, r) => {
      const value = get(f);
      r.unit = unit;
      r.offset = offset;
      r.runPartial(name, value, f, isolated, call.args());
      r.tick();
    };
  }

  /**
   * `text` then the node, as one step, for a variable whose formatters read only their value, a
   * section or repeated section whose body is one plain name, and an `{.if}`; null for any other node.
   */
  private stepAfterText(text: string, node: Node): Exec | null {
    if (node.op === Opcode.SECTION) return this.singleNameSection(node, text);
    if (node.op === Opcode.REPEATED) return this.singleNameRepeated(node, text);
    if (node.op === Opcode.IF) return this.ifBlock(node, text);
    if (node.op !== Opcode.VARIABLE || node.variables.length !== 1) return null;
    const bound = this.formatters(node.formatters);
    if (bound.length === 0 || !bound.every(readsOnlyValue)) return null;
    return this.valueOnlyVariable(text, node.variables[0] as Path, bound, node.offset);
  }

  /**
   * A variable whose formatters read only their value and arguments, after the constant text `prefix`:
   * no scope is made for the formatters and no value list, as nothing can see either. The error position
   * is set as for any formatter call.
   */
  private valueOnlyVariable(prefix: string, path: Path, bound: readonly BoundFormatter[], offset: number): Exec {
    const unit = this.unit;
    const get = lookupOf(path);
    if (bound.length === 1) {
      const { impl, args } = bound[0] as BoundFormatter;
      return (f, r) => {
        if (prefix !== '') r.buf += prefix;
        const value = get(f);
        r.unit = unit;
        r.offset = offset;
        let out: unknown;
        try {
          out = impl.apply(value, args, r, NO_VALUES);
        } catch (e) {
          r.unexpected(e, 'VARIABLE');
          r.tick();
          return;
        }
        emitValue(r, out);
        r.tick();
      };
    }
    return (f, r) => {
      if (prefix !== '') r.buf += prefix;
      let value = get(f);
      r.unit = unit;
      r.offset = offset;
      for (let i = 0; i < bound.length; i++) {
        const call = bound[i] as BoundFormatter;
        try {
          value = call.impl.apply(value, call.args, r, NO_VALUES);
        } catch (e) {
          r.unexpected(e, 'VARIABLE');
          r.tick();
          return;
        }
      }
      emitValue(r, value);
      r.tick();
    };
  }

  /**
   * `{.section name}{field}{.end}` after the constant text `before`, else null: the body's one lookup
   * starts in the section's value, then walks out from here, as it would through a scope of its own;
   * so no scope is made.
   */
  singleNameSection(node: SectionNode, before: string): Exec | null {
    const first = node.path[0];
    if (node.path.length !== 1 || !isPlainName(first) || hasAlternative(node.alternate)) return null;
    const only = this.singleNameBody(node.consequent);
    if (only === null) return null;
    const { prefix, name, suffix } = only;
    // The text before the section joins the body's own prefix: one write to the buffer, not two
    // (the lookups in between write nothing).
    const lead = before + prefix;
    const readSection = readerOf(first);
    const readField = readerOf(name);
    const walkField = walkerOf(name);
    return (f, r) => {
      const value = readSection(f.node);
      let found = readField(value);
      // An object with the name as an own property is not empty, so it is true without a test.
      if (found === undefined || value instanceof JsonDouble) {
        if (!isTruthy(value)) {
          if (before !== '') r.buf += before;
          return;
        }
        if (found === undefined) found = walkField(f);
      }
      writeFound(r, lead, found, suffix);
    };
  }

  /**
   * `{.repeated section list}{field}{.end}` after the constant text `before`, else null: each item's
   * lookup starts in the item; past it the list's own scope has no names, so the walk goes on from here.
   * No scope per item is made.
   */
  singleNameRepeated(node: RepeatedNode, before: string): Exec | null {
    if (node.alternatesWith.length > 0) return null;
    const only = this.singleNameBody(node.consequent);
    if (only === null) return null;
    const get = sectionLookupOf(node.path);
    const alt = this.alternate(node.alternate);
    const { prefix, name, suffix } = only;
    const readField = readerOf(name);
    const walkField = walkerOf(name);
    return (f, r) => {
      if (before !== '') r.buf += before;
      const list = get(f);
      if (!Array.isArray(list) || list.length === 0) {
        alt(f, r);
        return;
      }
      if (list.length > REMEMBER_FROM) rememberWalks(f);
      for (let i = 0; i < list.length; i++) {
        let found = readField(list[i]);
        if (found === undefined) found = walkField(f);
        writeFound(r, prefix, found, suffix);
        r.tick();
      }
    };
  }

  private section(node: SectionNode): Exec {
    const fast = this.singleNameSection(node, '');
    if (fast !== null) return fast;
    const get = sectionLookupOf(node.path);
    const body = this.block(node.consequent);
    const alt = this.alternate(node.alternate);
    const first = node.path[0];
    if (alt === noop && node.path.length === 1 && isPlainName(first)) {
      // {.section name}: the commonest form, with the name's own reader.
      const read = readerOf(first);
      return (f, r) => {
        const value = read(f.node);
        if (isTruthy(value)) body(new Frame(value, f), r);
      };
    }
    if (alt === noop) {
      // No alternative: a false section needs no scope.
      return (f, r) => {
        const value = get(f);
        if (isTruthy(value)) body(new Frame(value, f), r);
      };
    }
    return (f, r) => {
      const value = get(f);
      const frame = new Frame(value, f);
      if (isTruthy(value)) body(frame, r);
      else alt(frame, r);
    };
  }

  private repeated(node: RepeatedNode): Exec {
    const fast = this.singleNameRepeated(node, '');
    if (fast !== null) return fast;
    const get = sectionLookupOf(node.path);
    const body = this.block(node.consequent);
    const between = node.alternatesWith.length > 0 ? this.block(node.alternatesWith) : noop;
    const alt = this.alternate(node.alternate);
    return (f, r) => {
      const list = get(f);
      if (!Array.isArray(list) || list.length === 0) {
        alt(f, r);
        return;
      }
      const frame = new Frame(list, f);
      const last = list.length - 1;
      if (last >= REMEMBER_FROM) rememberWalks(frame);
      for (let i = 0; i <= last; i++) {
        frame.index = i;
        const item = new Frame(list[i], frame);
        body(item, r);
        if (i < last && between !== noop) between(item, r);
        r.tick();
      }
    };
  }

  private predicate(node: PredicateNode): Exec {
    const body = this.block(node.consequent);
    if (node.name === null) return body;
    const alt = this.alternate(node.alternate);
    const impl: Predicate | undefined = this.plugins.predicate(node.name);
    if (impl === undefined) return alt;
    const unit = this.unit;
    const { offset } = node;
    const opcode = opcodeName(node.op);
    const test = boundTest(impl, node.args);
    return (f, r) => {
      r.frame = f;
      r.pending = NO_SCOPE;
      r.outer = f;
      r.unit = unit;
      r.offset = offset;
      let pass: boolean;
      try {
        pass = test(f.node, r);
      } catch (e) {
        // A failing predicate renders neither branch, as in the Java reference.
        r.unexpected(e, opcode);
        return;
      }
      // a step of the time limit's count, as a loop's turn is: a predicate may do a formatter's work
      r.step();
      if (pass) body(f, r);
      else alt(f, r);
    };
  }

  /** `{.if …}`, after the constant text `before` (written first, whatever the test finds). */
  private ifBlock(node: IfNode, before: string): Exec {
    const lookups = node.variables.map(lookupOf);
    const ops = node.operators;
    const body = this.block(node.consequent);
    const alt = this.alternate(node.alternate);
    if (lookups.length === 1) {
      // {.if name}: one test, no loop.
      const get = lookups[0] as Lookup;
      return (f, r) => {
        if (before !== '') r.buf += before;
        if (isTruthy(get(f))) body(f, r);
        else alt(f, r);
      };
    }
    if (lookups.length === 2) {
      // {.if a || b} and {.if a && b}: the commonest compound tests, without the loop.
      const a = lookups[0] as Lookup;
      const b = lookups[1] as Lookup;
      if (ops[0] === 1) {
        return (f, r) => {
          if (before !== '') r.buf += before;
          if (isTruthy(a(f)) && isTruthy(b(f))) body(f, r);
          else alt(f, r);
        };
      }
      return (f, r) => {
        if (before !== '') r.buf += before;
        if (isTruthy(a(f)) || isTruthy(b(f))) body(f, r);
        else alt(f, r);
      };
    }
    const test = compoundTest(lookups, ops);
    return (f, r) => {
      if (before !== '') r.buf += before;
      if (test(f)) body(f, r);
      else alt(f, r);
    };
  }

  private bindvar(node: BindvarNode): Exec {
    const lookups = node.variables.map(lookupOf);
    const bound = this.formatters(node.formatters);
    const { name, offset } = node;
    const first = lookups[0] as Lookup;
    if (bound.length === 0) {
      const unit = this.unit;
      // What the formatter chain does with no formatter: bind the first value, leaving the same state for error positions.
      return (f, r) => {
        r.frame = f;
        r.pending = NO_SCOPE;
        r.outer = f;
        r.unit = unit;
        r.offset = offset;
        f.setVar(name, first(f));
      };
    }
    const apply = this.chain(bound, 'BINDVAR', offset, false);
    // each binding through formatters is a step of the time limit's count, as a loop's turn is
    if (lookups.length === 1) {
      return (f, r) => {
        const value = apply([first(f)], f, r);
        r.step();
        if (value !== FAILED) f.setVar(name, value);
      };
    }
    return (f, r) => {
      const value = apply(lookups.map((l) => l(f)), f, r);
      r.step();
      if (value !== FAILED) f.setVar(name, value);
    };
  }

  private ctxvar(node: CtxvarNode): Exec {
    const bindings = node.bindings.map(([key, path]) => [key, compileLookup(path)] as const);
    const { name } = node;
    return (f) => {
      const value: Record<string, unknown> = {};
      for (const [key, get] of bindings) {
        const v = get(f);
        if (v !== undefined) value[key] = v;
      }
      f.setVar(name, value);
    };
  }

  private evaluate(node: EvalNode): Exec {
    const { code, offset } = node;
    const unit = this.unit;
    const limits = this.limits;
    // As in the references, the expression is compiled when the instruction first runs, not with the
    // template: everything it can report is reported by a render, and a template may never run it.
    let exec: Exec | null = null;
    return (f, r) => (exec ??= evalExec(code, offset, unit, limits))(f, r);
  }

  private include(node: IncludeNode): Exec {
    const unit = this.unit;
    const { name, offset } = node;
    const output = (node.args ?? NO_ARGS).includes('output');
    return (f, r) => {
      r.unit = unit;
      r.offset = offset;
      const code = r.partial(name, f);
      if (code === null) {
        r.error(messages.partialMissing(name));
        return;
      }
      if (!r.enter(name)) return;
      try {
        if (output) {
          const savedUnit = r.unit;
          r.unit = code;
          code.run(f, r);
          r.unit = savedUnit;
        } else {
          // Without `output` an include only runs for its effects (variables, macros).
          r.capture(code.run, f, code);
        }
      } finally {
        r.exit();
      }
    };
  }
}

/** An `.eval` instruction's step, its expression compiled. */
function evalExec(code: string, offset: number, unit: Unit | null, limits: Limits): Exec {
  const { expr, run } = cachedExpression(code, limits);
  const source = expr.source;
  // `{.eval #…}` asks for the assembled form; it is written even when parsing failed.
  const listing = expr.debug ? formatExpressionDebug(expr) : null;
  if (expr.errors.length > 0) {
    const problems = expr.errors.map((e) => messages.expressionParse(source, e));
    return (_f, r) => {
      if (listing !== null) r.buf += listing;
      r.unit = unit;
      r.offset = offset;
      for (const p of problems) r.error(p);
    };
  }
  return (f, r) => {
    let value = run(f);
    if (value instanceof FailedEvaluation) {
      // As in the Java reference, a statement's error does not undo the others' value or assignments.
      r.unit = unit;
      r.offset = offset;
      for (const e of value.errors) r.error(messages.expressionReduce(source, e));
      value = value.value;
    }
    if (listing !== null) {
      r.buf += listing;
      if (value !== undefined) r.buf += EXPRESSION_DEBUG_ARROW;
    }
    if (typeof value === 'number') r.buf += formatExpressionNumber(value);
    else emitValue(r, value);
    r.tick();
  };
}

/** A predicate's test with its arguments: one that can read them now (bind) does; any other reads them on each test. */
export function boundTest(impl: Predicate, given: readonly string[] | null): BoundTest {
  const args = given ?? NO_ARGS;
  return impl.bind?.(args) ?? ((value, ctx) => impl.test(value, args, ctx));
}

/** The test of an `{.if}` with three or more operands: left to right without precedence, stopping early, as the references do. */
export function compoundTest(lookups: readonly Lookup[], ops: readonly number[]): (f: Frame) => boolean {
  return (f) => {
    let result = isTruthy((lookups[0] as Lookup)(f));
    for (let i = 1; i < lookups.length; i++) {
      const op = ops[i - 1];
      const value = isTruthy((lookups[i] as Lookup)(f));
      result = op === 1 ? result && value : result || value;
      if (op === 0 ? result : !result) break;
    }
    return result;
  };
}

/** What a block's nodes become, in order (see walkBlock). */
export interface BlockSteps {
  /** A plain variable (no formatter applies) with the constant text just before and after it. */
  variable(prefix: string, path: Path, suffix: string): void;
  /** Any other node that runs, after the constant text not yet written before it ('' when none). */
  node(node: Node, before: string): void;
  /** Constant text at the end of the block, after the last node. */
  text(text: string): void;
}

/**
 * Walks a block as both tiers run it (the closures and the generated function): constant text runs
 * merged, and a variable written as it is taking the text around it, so either tier writes the
 * same pieces in the same order.
 */
export function walkBlock(nodes: readonly Node[], compiler: Compiler, steps: BlockSteps): void {
  let text = ''; // constant text not written yet
  let held: Path | null = null; // a plain variable waiting for the text after it
  let heldPrefix = '';
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i] as Node;
    const constant = constantText(node);
    if (constant !== null) {
      text += constant;
      continue;
    }
    const path = compiler.plainVariable(node);
    if (path !== null) {
      if (held !== null) {
        steps.variable(heldPrefix, held, text);
        heldPrefix = '';
      } else {
        heldPrefix = text;
      }
      held = path;
      text = '';
      continue;
    }
    // Anything else runs in its own step, after what is held.
    if (held !== null) {
      steps.variable(heldPrefix, held, text);
      steps.node(node, '');
    } else {
      steps.node(node, text);
    }
    held = null;
    text = '';
  }
  if (held !== null) steps.variable(heldPrefix, held, text);
  else if (text !== '') steps.text(text);
}

/** Whether a section has an `{.or}` branch (one with nothing in it still counts). */
function hasAlternative(alt: AlternateNode | null): boolean {
  return alt !== null && alt.op === Opcode.OR_PREDICATE;
}


function writeText(text: string): Exec {
  return (_f, r) => {
    r.buf += text;
  };
}

/** A looked-up value written with the constant text around it. */
export function writeFound(r: RenderState, prefix: string, value: unknown, suffix: string): void {
  if (typeof value === 'string') r.buf = r.buf + prefix + value + suffix;
  else if (value === undefined) r.buf = r.buf + prefix + suffix;
  else r.buf = r.buf + prefix + valueText(value) + suffix;
}

/**
 * Writes a variable with the constant text around it: one step (and one
 * read and write of the buffer) for the commonest run of a template.
 */
function writeVariable(prefix: string, path: Path, suffix: string): Exec {
  const first = path[0];
  if (path.length === 1 && isPlainName(first)) {
    // {name}: the name's own walker, called directly.
    const walk = walkerOf(first);
    return (f, r) => writeFound(r, prefix, walk(f), suffix);
  }
  const get = lookupOf(path);
  return (f, r) => writeFound(r, prefix, get(f), suffix);
}

/** Text that never changes between renders, or null for anything that executes. */
function constantText(node: Node): string | null {
  switch (node.op) {
    case Opcode.TEXT:
      return node.text;
    case Opcode.META_LEFT:
      return '{';
    case Opcode.META_RIGHT:
      return '}';
    case Opcode.NEWLINE:
      return '\n';
    case Opcode.SPACE:
      return ' ';
    case Opcode.TAB:
      return '\t';
    case Opcode.COMMENT:
    case LIFTED:
      return '';
    case Opcode.VARIABLE:
    case Opcode.SECTION:
    case Opcode.REPEATED:
    case Opcode.PREDICATE:
    case Opcode.OR_PREDICATE:
    case Opcode.IF:
    case Opcode.BINDVAR:
    case Opcode.CTXVAR:
    case Opcode.EVAL:
    case Opcode.INCLUDE:
    case Opcode.INJECT:
    case Opcode.MACRO:
    case Opcode.ROOT:
    case Opcode.END:
    case Opcode.EOF:
    case Opcode.ALTERNATES_WITH:
      return null;
    default:
      return unknownKind(node, null);
  }
}

/** The steps from `base` on, run in turn. */
function sequence(steps: readonly Exec[], base: number): Exec {
  switch (steps.length - base) {
    case 0:
      return noop;
    case 1:
      return steps[base] as Exec;
    case 2: {
      const a = steps[base] as Exec;
      const b = steps[base + 1] as Exec;
      return (f, r) => {
        a(f, r);
        b(f, r);
      };
    }
    case 3: {
      const a = steps[base] as Exec;
      const b = steps[base + 1] as Exec;
      const c = steps[base + 2] as Exec;
      return (f, r) => {
        a(f, r);
        b(f, r);
        c(f, r);
      };
    }
    case 4: {
      const a = steps[base] as Exec;
      const b = steps[base + 1] as Exec;
      const c = steps[base + 2] as Exec;
      const d = steps[base + 3] as Exec;
      return (f, r) => {
        a(f, r);
        b(f, r);
        c(f, r);
        d(f, r);
      };
    }
    case 5: {
      const a = steps[base] as Exec;
      const b = steps[base + 1] as Exec;
      const c = steps[base + 2] as Exec;
      const d = steps[base + 3] as Exec;
      const e = steps[base + 4] as Exec;
      return (f, r) => {
        a(f, r);
        b(f, r);
        c(f, r);
        d(f, r);
        e(f, r);
      };
    }
    default: {
      const execs = steps.slice(base);
      return (f, r) => {
        for (let i = 0; i < execs.length; i++) {
          (execs[i] as Exec)(f, r);
          // A long block may write much without a loop turning: keep its output in flattened chunks too.
          if (r.buf.length > r.flushAt) r.flush();
        }
      };
    }
  }
}
