/**
 * What RenderState.pending holds when no scope waits to be made (see there). JSON values are
 * never symbols, so no value can be taken for it.
 */
export const NO_SCOPE: unique symbol = Symbol('no scope');

/** Whether a scope over `node` can hold names (Frame.named). */
export function holdsNames(node: unknown): boolean {
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}

/** One scope of a render: the node `@` points at, its loop index, and the @variables and macros defined in it. */
export class Frame {
  /** 0-based position while this frame iterates a repeated section; -1 otherwise. */
  index = -1;
  vars: Map<string, unknown> | null = null;
  macros: Map<string, unknown> | null = null;
  /**
   * Results of name lookups that walked out from here (see rememberWalks in lookup.ts), set on the
   * scope around a loop: every item's lookup of a name the items lack then costs one read here.
   */
  memo: Map<string, unknown> | null = null;
  /** Whether the node can hold names: an object that is not an array (null, scalars and lists never can). */
  readonly named: boolean;
  /**
   * The next scope a name lookup that missed here reads, or null when the walk ends here: scopes
   * whose node cannot hold names are skipped, and so are scopes over this same node (a partial
   * applied to `@`), which cannot find what this one did not. An isolated scope ends the walk.
   */
  readonly outer: Frame | null;

  constructor(
    readonly node: unknown,
    readonly parent: Frame | null,
    /** When set, lookups stop here instead of walking out (partials applied in isolation). */
    readonly stop: boolean = false,
  ) {
    this.named = holdsNames(node);
    this.outer = stop || parent === null ? null : parent.named && parent.node !== node ? parent : parent.outer;
  }

  setVar(name: string, value: unknown): void {
    (this.vars ??= new Map()).set(name, value);
  }

  setMacro(name: string, macro: unknown): void {
    (this.macros ??= new Map()).set(name, macro);
  }
}
