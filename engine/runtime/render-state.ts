/**
 * Everything one render owns: the output buffer, errors, partial depth,
 * limits, and the context object that plugins receive. One RenderState per
 * render call, so compiled templates stay immutable and shareable.
 */
import { messages } from '../messages.ts';
import type { RenderContext, Path } from '../plugins/types.ts';
import { splitPath } from '../syntax/nodes.ts';
import { Frame, holdsNames, NO_SCOPE } from './frame.ts';
import { LimitExceeded, type Limits } from './limits.ts';
import { parseJson } from './json-reader.ts';
import { isPlainName, lookupOfReference, resolvePath } from './lookup.ts';
import type { PreparedReference } from './prepared-reference.ts';
import type { Exec, Unit } from './unit.ts';

export interface RenderError {
  message: string;
  /** The unit (template or partial) and offset the error belongs to, when known. */
  unit: Unit | null;
  offset: number;
}

/** How a render finds and compiles the code it did not get compiled. */
export interface UnitSource {
  /** Compiled partial for a string source, with the messages of its syntax errors. */
  compilePartial(name: string, source: string): { unit: Unit; problems: readonly string[] };
  /** Compiled internal template of a plugin (cached by source). */
  compileInternal(source: string): Unit;
}

export interface RenderSetup {
  locale: string;
  now: number;
  partials: Record<string, Unit | string>;
  injects: Record<string, string>;
  limits: Limits;
  units: UnitSource;
}

const splitPaths = new Map<string, Path>();
const SPLIT_PATH_CACHE_LIMIT = 5000;
/** Longer names are split every time: the cache holds at most 5000 × 256 characters of names and their parts. */
const MAX_CACHED_PATH_LENGTH = 256;

/**
 * Output is appended as a rope of small strings, which costs nothing until
 * someone flattens it. A large output's rope, though, survives garbage
 * collections and every collection copies it again: a 100 000-item list
 * then costs several times more per item than a 1000-item one. So once the
 * output passes FLATTEN_FROM characters, the rope is flattened every
 * OUTPUT_CHUNK characters and its pieces die young; smaller outputs (most
 * pages) never pay for flattening.
 */
export const FLATTEN_FROM = 262_144;
export const OUTPUT_CHUNK = 16_384;

/** Where a streamed render writes its output, a chunk at a time. */
export type OutputSink = (chunk: string) => void;

/**
 * A sink that threw: carried past the plugins' and partials' error handling
 * (which would otherwise report it as a template error) to the caller.
 */
export class SinkFailed extends Error {
  constructor(readonly reason: unknown) {
    super('output sink failed');
  }
}

/**
 * The step at which a render's clock starts. A render of fewer steps never reads the clock (a clock
 * read is a measurable part of a small page's render); one of more counts its time from here, so
 * the work before the clock started is a few steps, not the 255 it once was, which a template of
 * heavy steps (formatters on large values in every iteration) turned into a minute uncounted.
 */
const CLOCK_FROM_STEP = 16;

export class RenderState implements RenderContext {
  /** Output written since the last finished chunk: compiled code appends here. */
  buf = '';
  /** Finished output, a rope of flattened chunks. */
  private done = '';
  /** Length of `buf` past which compiled code calls flush(). */
  flushAt = FLATTEN_FROM;
  readonly errors: RenderError[] = [];
  /** Frame a plugin call runs in; set by the compiled code before each call. */
  frame: Frame;
  /**
   * The formatted value when the scope over it (child of `frame`, where `@` is that value) is not
   * made yet, else NO_SCOPE. Formatters are called with their value's scope pending: it is made
   * only when a plugin asks for something that could see it (`@`, a partial, a name when the
   * value is an object). A scope over a scalar or a list cannot hold names, so a plugin's lookup
   * of a name (`website.timeZone` by every `date`) is the same from `frame`, and no scope is made.
   */
  pending: unknown = NO_SCOPE;
  /** Frame of the instruction that called the plugin (the formatter's own frame's parent). */
  outer: Frame;
  /** Unit and offset of the instruction running now, for error positions. */
  unit: Unit | null = null;
  offset = 0;

  readonly locale: string;
  readonly now: number;
  private depth = 0;
  private ticks = 0;
  /**
   * When the render must stop, in Date.now() terms; 0 until the first time check. Reading the
   * clock costs about 0.1 µs on some machines, a fiftieth of a small page's render, so the clock
   * starts at the first check (the 256th step) and a render shorter than that never reads it.
   */
  private deadline = 0;
  // Created on first use: most renders apply no partial and inject nothing.
  private compiledPartials: Map<string, Unit> | null = null;
  private parsedInjects: Map<string, unknown> | null = null;
  private readonly maxOutputSize: number;
  /** Streamed renders only: characters already handed to the sink. */
  private written = 0;
  /**
   * How many captures and partials the render is inside. Their output may
   * still be returned as a string or taken back, so it is kept, not streamed.
   */
  private held = 0;

  constructor(
    root: Frame,
    private readonly setup: RenderSetup,
    private readonly sink: OutputSink | null = null,
  ) {
    this.frame = root;
    this.outer = root;
    this.locale = setup.locale;
    this.now = setup.now;
    this.maxOutputSize = setup.limits.maxOutputSize;
    // A streamed render hands out its first chunk (the page's head) early rather than after 256 KB.
    if (sink !== null) this.flushAt = OUTPUT_CHUNK;
  }

  // RenderContext, for plugins.

  /** The formatter's scope, made now if it is pending. */
  private scope(): Frame {
    const pending = this.pending;
    if (pending !== NO_SCOPE) {
      this.frame = new Frame(pending, this.frame);
      this.pending = NO_SCOPE;
    }
    return this.frame;
  }

  /** The scope a lookup of `plainHead` (whether its path starts with a plain name) reads from. */
  private scopeFor(plainHead: boolean): Frame {
    return this.pending === NO_SCOPE || (plainHead && !holdsNames(this.pending)) ? this.frame : this.scope();
  }

  current(): unknown {
    return this.pending !== NO_SCOPE ? this.pending : this.frame.node;
  }

  resolve(path: Path): unknown {
    return resolvePath(path, this.scopeFor(isPlainName(path[0])));
  }

  resolveOuter(path: Path): unknown {
    return resolvePath(path, this.outer);
  }

  lookup(reference: PreparedReference): unknown {
    return reference.lookup(this.scopeFor(reference.plainHead));
  }

  resolveName(name: string): unknown {
    return lookupOfReference(name)(this.scope());
  }

  splitPath(name: string): Path {
    let path = splitPaths.get(name);
    if (path === undefined) {
      // Plugins split the same few names on every call; the frozen result is shared.
      path = Object.freeze(splitPath(name));
      if (name.length > MAX_CACHED_PATH_LENGTH) return path;
      if (splitPaths.size >= SPLIT_PATH_CACHE_LIMIT) splitPaths.clear();
      splitPaths.set(name, path);
    }
    return path;
  }

  error(message: string): void {
    this.errors.push({ message, unit: this.unit, offset: this.offset });
  }

  renderTemplate(source: string, value: unknown, isolated = false): string {
    const unit = this.setup.units.compileInternal(source);
    return this.capture(unit.run, new Frame(value, this.scope(), isolated), unit);
  }

  applyPartial(name: string, value: unknown, isolated: boolean, args?: unknown): string | undefined {
    const scope = this.scope();
    const unit = this.enterPartial(name, scope);
    if (unit === null) return undefined;
    try {
      return this.capture(unit.run, partialScope(value, scope, isolated, args), unit);
    } finally {
      this.exit();
    }
  }

  /** The partial or macro `name` seen from `parent`, entered; null (the error recorded) when missing or too deep. */
  private enterPartial(name: string, parent: Frame): Unit | null {
    const unit = this.partial(name, parent);
    if (unit === null) {
      this.error(messages.partialMissing(name));
      return null;
    }
    return this.enter(name) ? unit : null;
  }


  // For compiled code.

  /** Everything written so far (not flattened: whoever reads it may never need it flat). */
  get out(): string {
    return this.buf === '' ? this.done : this.done + this.buf;
  }

  /** Replaces everything written so far. */
  set out(text: string) {
    this.done = text;
    this.buf = '';
  }

  /** Moves the rope being appended to into the finished output, flattened (or, streaming, to the sink). */
  flush(): void {
    const chunk = this.buf;
    // Reading a character makes V8 flatten the rope into one string, so its pieces become garbage at once.
    chunk.charCodeAt(0);
    this.buf = '';
    this.flushAt = OUTPUT_CHUNK;
    if (this.sink === null || this.held > 0) {
      this.done += chunk;
      return;
    }
    const text = this.done + chunk;
    // Past the output limit nothing more is streamed: the next tick ends the render and finish() writes the allowed rest.
    if (this.written + text.length > this.maxOutputSize) {
      this.done = text;
      return;
    }
    this.done = '';
    this.emit(text);
  }

  /**
   * Streamed renders: writes what is left, cut at the output limit when the
   * render was ended by an error, exactly as a string render returns it.
   */
  finish(cut: boolean): void {
    const rest = this.done + this.buf;
    this.done = '';
    this.buf = '';
    const allowed = cut ? rest.slice(0, Math.max(0, this.maxOutputSize - this.written)) : rest;
    if (allowed !== '') this.emit(allowed);
  }

  private emit(text: string): void {
    this.written += text.length;
    try {
      (this.sink as OutputSink)(text);
    } catch (e) {
      throw new SinkFailed(e);
    }
  }

  /** Runs code into a fresh buffer and returns what it wrote. */
  capture(run: Exec, frame: Frame, unit: Unit | null): string {
    const savedDone = this.done;
    const savedBuf = this.buf;
    const savedFrame = this.frame;
    const savedPending = this.pending;
    const savedOuter = this.outer;
    const savedUnit = this.unit;
    const savedOffset = this.offset;
    this.done = '';
    this.buf = '';
    this.unit = unit;
    this.held++;
    try {
      run(frame, this);
      return this.done + this.buf;
    } finally {
      this.held--;
      this.done = savedDone;
      this.buf = savedBuf;
      this.frame = savedFrame;
      this.pending = savedPending;
      this.outer = savedOuter;
      this.unit = savedUnit;
      this.offset = savedOffset;
    }
  }

  /**
   * `{value|apply name}` run straight into the output: what applyPartial
   * does, without capturing the partial's text and copying it after. A
   * partial that fails leaves nothing behind, as the captured form does.
   */
  runPartial(name: string, value: unknown, parent: Frame, isolated: boolean, args: unknown): void {
    const unit = this.enterPartial(name, parent);
    if (unit === null) return;
    const savedDone = this.done;
    const savedBuf = this.buf;
    const savedUnit = this.unit;
    const savedOffset = this.offset;
    this.held++;
    try {
      this.unit = unit;
      unit.run(partialScope(value, parent, isolated, args), this);
    } catch (e) {
      this.done = savedDone;
      this.buf = savedBuf;
      this.unit = savedUnit;
      this.offset = savedOffset;
      this.unexpected(e, 'VARIABLE');
    } finally {
      this.held--;
      this.exit();
    }
    this.unit = savedUnit;
    this.offset = savedOffset;
    this.frame = parent;
    this.pending = NO_SCOPE;
    this.outer = parent;
  }

  /** A macro visible from `frame`, else a partial by name; null when there is neither. */
  partial(name: string, frame: Frame): Unit | null {
    for (let f: Frame | null = frame; f !== null; f = f.parent) {
      const macro = f.macros?.get(name);
      if (macro !== undefined) return macro as Unit;
    }
    const cached = this.compiledPartials?.get(name);
    if (cached !== undefined) return cached;
    if (!Object.prototype.hasOwnProperty.call(this.setup.partials, name)) return null;
    const raw = this.setup.partials[name];
    if (raw === undefined) return null;
    // A compiled partial is used as it is: remembering it would cost every render a map.
    if (typeof raw !== 'string') return raw;
    // Source text is compiled (from a cache shared by renders) once per render, so its problems are reported once.
    const compiled = this.setup.units.compilePartial(name, raw);
    for (const problem of compiled.problems) this.error(messages.partialParseFail(name, problem));
    (this.compiledPartials ??= new Map()).set(name, compiled.unit);
    return compiled.unit;
  }

  /** Enters a partial or macro; false (with the error recorded) past the depth limit. */
  enter(name: string): boolean {
    const max = this.setup.limits.maxPartialDepth;
    if (this.depth >= max) {
      this.error(messages.partialRecursion(name, max));
      return false;
    }
    this.depth++;
    this.tick();
    return true;
  }

  exit(): void {
    this.depth--;
  }

  /** Parsed value of an injected file; missing when the caller did not supply it. */
  injectable(path: string): unknown {
    const parsed = (this.parsedInjects ??= new Map());
    if (parsed.has(path)) return parsed.get(path);
    let value: unknown;
    if (Object.prototype.hasOwnProperty.call(this.setup.injects, path)) {
      const raw = this.setup.injects[path] as string;
      try {
        value = parseJson(raw);
      } catch {
        value = raw;
      }
    }
    parsed.set(path, value);
    return value;
  }

  /** Called as output grows and loops turn; enforces the output and time limits. */
  tick(): void {
    if (this.buf.length > this.flushAt) this.flush();
    if (this.written + this.done.length + this.buf.length > this.maxOutputSize) {
      throw new LimitExceeded(messages.outputLimit(this.maxOutputSize));
    }
    this.step();
  }

  /** A step that writes nothing (a binding, a predicate's test): counted for the time limit only. */
  step(): void {
    const ticks = ++this.ticks;
    if ((ticks & 255) === 0) this.checkTime();
    else if (ticks === CLOCK_FROM_STEP) this.deadline = Date.now() + this.setup.limits.maxRenderMs;
  }

  /** Stops the render once its time has run out (the clock started at its CLOCK_FROM_STEP-th step). */
  private checkTime(): void {
    const now = Date.now();
    if (this.deadline === 0) this.deadline = now + this.setup.limits.maxRenderMs;
    // a limit of 0 ms stops the render at this first check, as it always has (golden limit-time.html)
    if (now >= this.deadline) throw new LimitExceeded(messages.timeLimit(this.setup.limits.maxRenderMs));
  }

  /** Reports an exception thrown by a plugin; limit breaches keep unwinding. */
  unexpected(error: unknown, opcode: string): void {
    if (error instanceof LimitExceeded || error instanceof SinkFailed) throw error;
    const e = error instanceof Error ? error : new Error(String(error));
    this.error(messages.unexpectedError(e.name, opcode, e.message));
  }

  get limits(): Limits {
    return this.setup.limits;
  }
}

/** The scope a partial runs in: the applied value, with `@args` when the call had arguments. */
function partialScope(value: unknown, parent: Frame, isolated: boolean, args: unknown): Frame {
  const frame = new Frame(value, parent, isolated);
  if (args !== undefined) frame.setVar('@args', args);
  return frame;
}
