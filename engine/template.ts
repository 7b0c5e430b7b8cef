/**
 * A compiled template: parse once, render many times. Rendering never
 * throws for bad data or a bad template; it returns the output with a list
 * of errors, each with the template name, line and column.
 */
import { analyzeTemplate, type TemplateAnalysis } from './analyze.ts';
import { messages } from './messages.ts';
import { defaultRegistry } from './plugins/index.ts';
import type { PluginRegistry } from './plugins/registry.ts';
import { generateRun, secondTier } from './runtime/generated-run.ts';
import { Compiler } from './runtime/compiler.ts';
import { Frame } from './runtime/frame.ts';
import { DEFAULT_LIMITS, LimitExceeded, resolveLimits, type Limits } from './runtime/limits.ts';
import { RenderState, SinkFailed, type OutputSink, type UnitSource } from './runtime/render-state.ts';
import type { Exec, Unit } from './runtime/unit.ts';
import type { RootNode } from './syntax/nodes.ts';
import { parseTemplate, type PluginCheck } from './syntax/parse.ts';
import type { SourcePositions } from './syntax/positions.ts';
import { treeFromJson, treeToJson, type TreeJson } from './syntax/tree-json.ts';

export interface TemplateError {
  message: string;
  line: number;
  column: number;
  name?: string;
  /**
   * A malformed tag reported as the Java reference's validate mode reports it: the tag is kept as
   * text, so the template renders exactly as it would without the report.
   */
  validation?: true;
}

export interface CompileOptions {
  /** Name used in error reports (a file name, a partial name). */
  name?: string;
  /** Parse in preprocessor mode: only `{^…}` tags are instructions. */
  preprocess?: boolean;
  limits?: Partial<Limits>;
  plugins?: PluginRegistry;
  /**
   * Where the source's offsets are in the author's file, when the source is a rewritten copy of it
   * (the template host adds script nonces and replaces `<squarespace:…>` tags): errors, runtime
   * errors and analysis then give the author's lines and columns. Default: the source's own.
   */
  positions?: SourcePositions;
}

export interface RenderOptions {
  partials?: Record<string, Template | string>;
  injects?: Record<string, string>;
  locale?: string;
  now?: number;
}

export interface RenderResult {
  html: string;
  errors: TemplateError[];
}

/** A streamed render's result: the html went to the sink. */
export interface StreamedRenderResult {
  errors: TemplateError[];
}

const DEFAULT_LOCALE = 'en-US';

export class Template implements Unit {
  // Declared, and set by the constructor: fields with initializers (even none) are defined by a
  // second function, one more for a process's first compile to run before the JIT has compiled it.
  declare readonly name: string;
  declare readonly root: RootNode;
  declare readonly errors: TemplateError[];
  /** What `run` gives: null until the closures are built (see the constructor). */
  private declare exec: Exec | null;
  declare readonly lines: SourcePositions | null;
  /** Where this template's renders compile string partials; looked up on the first render. */
  private declare units: UnitSource | null;
  private declare readonly limits: Limits;
  private declare readonly plugins: PluginRegistry;

  /** @internal use compile() or compileTree() */
  constructor(
    name: string,
    root: RootNode,
    errors: TemplateError[],
    lines: SourcePositions | null,
    limits: Limits,
    plugins: PluginRegistry,
    /** Build the closures now: a tree whose compiling may recurse deep enough to exhaust the stack. */
    buildNow = true,
  ) {
    this.name = name;
    this.root = root;
    this.errors = errors;
    this.exec = null;
    this.lines = lines;
    this.units = null;
    this.limits = limits;
    this.plugins = plugins;
    // The closures are built on the first render rather than here: a template folder compiles
    // every file and renders few of them, and in a fresh process, where the code runs mostly
    // interpreted, building them was a fifth of a first compile. A tree that could be deep
    // enough to exhaust the stack is still compiled at once, so that compile reports it.
    // Lazily through the `run` getter, not a first-call stub: a closure made by every compile kept
    // V8 tenuring the trees of templates compiled one after another (their nodes survived young
    // collections), and collecting took about a third of a run of uncached compiles.
    if (buildNow) this.exec = this.buildRun();
  }

  /** Runs the template; reading it builds the closures the first time. */
  get run(): Exec {
    return this.exec ?? (this.exec = this.buildRun());
  }

  private compiler(): Compiler {
    const compiler = new Compiler(this.plugins, this.limits);
    compiler.unit = this;
    return compiler;
  }

  /**
   * Compiles the tree to closures, which `run` gives until the template
   * has rendered secondTier.after times: then its tree is written out as one function
   * (generated-run.ts), which replaces them. Templates rendered once or twice, as a folder's
   * files often are, never pay for writing it.
   */
  private buildRun(): Exec {
    const errorsBefore = this.errors.length;
    const closures = compileRoot(this.compiler(), this.root, this.errors, this.name);
    if (this.errors.length > errorsBefore) return closures; // the tree could not be compiled
    let renders = 0;
    return (frame, state) => {
      const run = ++renders >= secondTier.after ? (this.exec = generateRun(this.compiler(), this.root) ?? closures) : closures;
      run(frame, state);
    };
  }

  /** What the template uses (formatters, predicates, variables, partials, macros, `.eval`s), read from its tree. */
  analyze(): TemplateAnalysis {
    return analyzeTemplate({ root: this.root, lines: this.lines, plugins: this.plugins, limits: this.limits });
  }

  /** The instruction tree in the references' JSON form. */
  toJSON(): TreeJson {
    return treeToJson(this.root);
  }

  render(data: unknown, options: RenderOptions = {}): RenderResult {
    const root = new Frame(data, null);
    const state = this.state(root, options, null);
    let html: string;
    try {
      this.run(root, state);
      html = state.out;
    } catch (e) {
      this.ended(state, e);
      html = state.out.slice(0, this.limits.maxOutputSize);
    }
    return { html, errors: state.errors.map(toTemplateError) };
  }

  /**
   * Renders as render() does, handing the output to `write` in chunks as it
   * is produced (the first one early) instead of building one string: the
   * chunks joined are exactly render()'s html, and the errors are the same.
   * What a partial or formatter writes is held until it has finished, since
   * a failing partial leaves nothing behind. An exception thrown by `write`
   * ends the render and is thrown to the caller.
   */
  renderToStream(data: unknown, write: OutputSink, options: RenderOptions = {}): StreamedRenderResult {
    const root = new Frame(data, null);
    const state = this.state(root, options, write);
    try {
      try {
        this.run(root, state);
        state.finish(false);
      } catch (e) {
        if (e instanceof SinkFailed) throw e;
        this.ended(state, e);
        state.finish(true);
      }
    } catch (e) {
      throw e instanceof SinkFailed ? e.reason : e;
    }
    return { errors: state.errors.map(toTemplateError) };
  }

  private state(root: Frame, options: RenderOptions, sink: OutputSink | null): RenderState {
    const state = new RenderState(
      root,
      {
        locale: options.locale ?? DEFAULT_LOCALE,
        now: options.now ?? Date.now(),
        partials: options.partials ?? {},
        injects: options.injects ?? {},
        limits: this.limits,
        units: (this.units ??= unitSource(this.plugins, this.limits)),
      },
      sink,
    );
    state.unit = this;
    return state;
  }

  /** A breached limit (or a runaway recursion in the host) ends the render with what was written so far. */
  private ended(state: RenderState, e: unknown): void {
    const err = e instanceof Error ? e : new Error(String(e));
    state.errors.push({
      message: err instanceof LimitExceeded ? err.message : messages.unexpectedError(err.name, 'ROOT', err.message),
      unit: state.unit,
      offset: state.offset,
    });
  }
}

function compileRoot(compiler: Compiler, root: RootNode, errors: TemplateError[], name: string): Exec {
  try {
    return compiler.block(root.consequent);
  } catch (e) {
    // Only a nesting deep enough to exhaust the stack gets here.
    errors.push({ message: messages.unexpectedError((e as Error).name, 'ROOT', (e as Error).message), line: 1, column: 1, name });
    return () => {};
  }
}

function toTemplateError(e: { message: string; unit: Unit | null; offset: number }): TemplateError {
  const pos = e.unit?.lines ? e.unit.lines.position(e.offset) : { line: 0, column: 0 };
  const out: TemplateError = { message: e.message, line: pos.line, column: pos.column };
  if (e.unit?.name) out.name = e.unit.name;
  return out;
}

/** One name check per registry, made once rather than on every compile. */
const pluginChecks = new WeakMap<PluginRegistry, PluginCheck>();

function pluginCheck(plugins: PluginRegistry): PluginCheck {
  let check = pluginChecks.get(plugins);
  if (check === undefined) pluginChecks.set(plugins, (check = makePluginCheck(plugins)));
  return check;
}

function makePluginCheck(plugins: PluginRegistry): PluginCheck {
  return {
    formatter(name, args) {
      const impl = plugins.formatter(name);
      if (impl === undefined) return messages.formatterUnknown(name);
      const problem = impl.validate?.(args ?? []);
      return problem === undefined ? undefined : messages.formatterArgs(name, problem);
    },
    predicate(name, args) {
      const impl = plugins.predicate(name);
      if (impl === undefined) return { message: messages.predicateUnknown(name), tagIsText: false };
      const problem = impl.validate?.(args ?? []);
      return problem === undefined ? undefined : { message: messages.predicateArgs(name, problem), tagIsText: true };
    },
  };
}

/** Compiles template source. Syntax errors are in `template.errors`; the template still renders what it can. */
export function compile(source: string, options: CompileOptions = {}): Template {
  const name = options.name ?? 'template';
  const limits = resolveLimits(options.limits);
  const plugins = options.plugins ?? defaultRegistry;
  if (source.length > limits.maxTemplateSize) {
    const root: RootNode = { op: 17, offset: 0, consequent: [], alternate: null };
    return new Template(name, root, [{ message: messages.templateTooLarge(limits.maxTemplateSize), line: 1, column: 1, name }], null, limits, plugins);
  }
  const parsed = parseTemplate(source, {
    preprocess: options.preprocess,
    maxNesting: limits.maxNesting,
    plugins: pluginCheck(plugins),
    positions: options.positions,
  });
  const errors = parsed.errors.map((e) => {
    const error: TemplateError = { message: e.message, line: e.line, column: e.column, name };
    if (e.validation) error.validation = true;
    return error;
  });
  // A tree deep enough that compiling it could exhaust the stack has its closures built at once.
  const buildNow = parsed.depth > LAZY_DEPTH_LIMIT;
  return new Template(name, parsed.root, errors, parsed.lines, limits, plugins, buildNow);
}

/**
 * Deepest tree (see ParseResult.depth) whose closures are built on the first render: the default
 * nesting limit. Counting instructions instead, as before, built every long flat template at once.
 */
const LAZY_DEPTH_LIMIT = DEFAULT_LIMITS.maxNesting;

/** Compiles an instruction tree given in the references' JSON form. */
export function compileTree(json: TreeJson, options: Omit<CompileOptions, 'preprocess'> = {}): Template {
  const limits = resolveLimits(options.limits);
  return new Template(options.name ?? 'template', treeFromJson(json), [], null, limits, options.plugins ?? defaultRegistry);
}

/**
 * Runs the preprocessor pass: renders the `{^…}` instructions of `source`
 * against `data` and returns the resulting template source.
 */
export function preprocess(source: string, data: unknown, options: CompileOptions & RenderOptions = {}): RenderResult & { compileErrors: TemplateError[] } {
  const pre = compile(source, { ...options, preprocess: true });
  const result = pre.render(data, options);
  return { ...result, compileErrors: pre.errors };
}

const unitSources = new WeakMap<PluginRegistry, Map<Limits, UnitSource>>();
const INTERNAL_CACHE_LIMIT = 500;

/** Compiles string partials and plugin templates, caching both by source text. */
function unitSource(plugins: PluginRegistry, limits: Limits): UnitSource {
  let byLimits = unitSources.get(plugins);
  if (byLimits === undefined) unitSources.set(plugins, (byLimits = new Map()));
  let source = byLimits.get(limits);
  if (source === undefined) {
    const internal = new Map<string, Template>();
    const partials = new Map<string, Template>();
    const cached = (cache: Map<string, Template>, key: string, make: () => Template): Template => {
      let t = cache.get(key);
      if (t === undefined) {
        if (cache.size >= INTERNAL_CACHE_LIMIT) cache.clear();
        cache.set(key, (t = make()));
      }
      return t;
    };
    source = {
      compilePartial: (name, text) => {
        const unit = cached(partials, `${name}\u0000${text}`, () => compile(text, { name, limits, plugins }));
        return { unit, problems: unit.errors.map((e) => e.message) };
      },
      compileInternal: (text) => cached(internal, text, () => compile(text, { name: 'internal', limits, plugins })),
    };
    byLimits.set(limits, source);
  }
  return source;
}
