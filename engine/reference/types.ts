/**
 * The shape of the language reference: one record per instruction, formatter
 * and predicate. The Markdown reference (`npm run docs`), `tmpl plugins --long`
 * and the example tests all read these records, so there is one place to edit.
 */

/** One worked example: render `template` against `data` and you get `output`. */
export interface Example {
  readonly template: string;
  /** The JSON context, exactly as `tmpl render --data` would read it. */
  readonly data: unknown;
  readonly output: string;
  /** Partials by name, as `tmpl render --partials DIR` would load them. */
  readonly partials?: Readonly<Record<string, string>>;
  /** Files that `.inject` reads, by path. */
  readonly injects?: Readonly<Record<string, string>>;
  /** The render's locale (`--locale`); en-US when absent. */
  readonly locale?: string;
  /** The render's "now" in epoch milliseconds (`--now`); examples that read the clock must fix it. */
  readonly now?: number;
  /** Render errors the example shows on purpose (their messages, in order). */
  readonly errors?: readonly string[];
  /** A sentence the reader needs to understand the example. */
  readonly note?: string;
}

/** A formatter or a predicate. */
export interface PluginDoc {
  /** How the arguments are written after the name, e.g. `[N] [ELLIPSIS]`; '' when it takes none. */
  readonly args: string;
  /** One line: what it is for. */
  readonly summary: string;
  readonly examples: readonly Example[];
}

export type PluginDocs = Readonly<Record<string, PluginDoc>>;

/** The formatters and predicates of one plugin domain (a folder of engine/plugins). */
export interface DomainReference {
  /** The folder name under engine/plugins. */
  readonly domain: string;
  readonly title: string;
  /** A short paragraph: what the domain covers and what data its plugins expect. */
  readonly intro: string;
  readonly formatters: PluginDocs;
  readonly predicates: PluginDocs;
}

/** An instruction of the language (a tag that starts with `.`, a variable, a comment…). */
export interface InstructionDoc {
  /** The heading, e.g. `.repeated section`. */
  readonly name: string;
  /** Names of the engine opcodes (engine/syntax/opcodes.ts) this instruction produces. */
  readonly opcodes: readonly string[];
  /** The forms it is written in, one per line. */
  readonly syntax: readonly string[];
  readonly summary: string;
  readonly examples: readonly Example[];
}
