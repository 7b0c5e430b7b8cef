/** One scope of a render: the node `@` points at, its loop index, and the @variables and macros defined in it. */
export class Frame {
  /** 0-based position while this frame iterates a repeated section; -1 otherwise. */
  index = -1;
  vars: Map<string, unknown> | null = null;
  macros: Map<string, unknown> | null = null;

  constructor(
    public node: unknown,
    public readonly parent: Frame | null,
    /** When set, lookups stop here instead of walking out (partials applied in isolation). */
    public readonly stop: boolean = false,
  ) {}

  setVar(name: string, value: unknown): void {
    (this.vars ??= new Map()).set(name, value);
  }

  setMacro(name: string, macro: unknown): void {
    (this.macros ??= new Map()).set(name, macro);
  }
}
