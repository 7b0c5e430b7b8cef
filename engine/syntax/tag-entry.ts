/**
 * One tag's syntax as the tag reader returns it and the tag cache keeps it:
 * the parsed tag, its opcode, and whether its plugin names passed the last
 * check that read them (the parser's check of formatter and predicate names).
 */
import type { PluginCheck } from './parse.ts';
import type { ParsedTag } from './parsed-tag.ts';

export class TagEntry {
  /**
   * The check this tag last passed without a problem; null when none has.
   * A pass stays true: registries only ever gain names, and arguments are
   * checked by their text alone. A problem is looked at again every time.
   */
  declare passed: PluginCheck | null;
  declare readonly parsed: ParsedTag;
  /**
   * The tag's opcode, given by the reader that knows it rather than read from `parsed`: parsed
   * tags have a shape per kind, and optimized code that reads one from a kind the first templates
   * never had is thrown away (with the scanner's whole loop, into which it is inlined), where
   * every entry has this one shape.
   */
  declare readonly op: number;

  // Fields set here rather than initialized: an initializer is a second function to run per entry.
  constructor(op: number, parsed: ParsedTag) {
    this.passed = null;
    this.parsed = parsed;
    this.op = op;
  }
}

/** The entry of a parsed tag whose opcode is `op`. */
export function entryOf<T extends ParsedTag>(op: T['op'], parsed: T): TagEntry {
  return new TagEntry(op, parsed);
}
