/**
 * What one tag's inside means, before it is placed in the tree: the shape
 * the tag reader (tag-fast-path.ts) and the Chevrotain grammar of record
 * (tag-parser.ts) both return. Its own module so that compiling never loads
 * Chevrotain.
 */
import type { Opcode } from './opcodes.ts';
import type { FormatterCall, Path } from './nodes.ts';

/** A tag's meaning, before it is placed in the tree. */
export type ParsedTag =
  | { op: typeof Opcode.VARIABLE; variables: Path[]; formatters: FormatterCall[] }
  | { op: typeof Opcode.SECTION | typeof Opcode.REPEATED; path: Path }
  | {
      op: typeof Opcode.PREDICATE | typeof Opcode.OR_PREDICATE;
      name: string | null;
      args: string[] | null;
      delimiter: string;
      viaIf: boolean;
    }
  | { op: typeof Opcode.IF; operators: (0 | 1)[]; variables: Path[] }
  | { op: typeof Opcode.BINDVAR; name: string; variables: Path[]; formatters: FormatterCall[] }
  | { op: typeof Opcode.CTXVAR; name: string; bindings: [string, Path][] }
  | { op: typeof Opcode.EVAL; code: string }
  | { op: typeof Opcode.INCLUDE; name: string; args: string[] | null; delimiter: string }
  | { op: typeof Opcode.INJECT; name: string; path: string; args: string[] | null; delimiter: string }
  | { op: typeof Opcode.MACRO; name: string }
  | {
      op:
        | typeof Opcode.END
        | typeof Opcode.EOF
        | typeof Opcode.ALTERNATES_WITH
        | typeof Opcode.META_LEFT
        | typeof Opcode.META_RIGHT
        | typeof Opcode.NEWLINE
        | typeof Opcode.SPACE
        | typeof Opcode.TAB;
    };

/** Most variables an `.if` may test (the Java reference's limit); past it the tag is text. */
export const IF_VARIABLE_LIMIT = 30;

/**
 * The arguments of `.include` and `.inject`: they end at the first `|` (or `}`, which only a
 * multi-line comment inside the tag brings), and the rest of the tag is ignored, as in the Java
 * reference (null: none).
 */
export function splitArgsToPipe(raw: string): { args: string[] | null; delimiter: string } {
  const end = raw.search(/[|}]/);
  const kept = end === -1 ? raw : raw.slice(0, end);
  return kept === '' ? { args: null, delimiter: '' } : splitArgs(kept);
}

/**
 * Splits raw arguments on their first character: ` 10 ...` gives [10, ...] with delimiter ' '.
 * Delimiters side by side count as one and no argument is empty (`  a  b ` gives [a, b]), as
 * in the Java reference.
 */
export function splitArgs(raw: string): { args: string[]; delimiter: string } {
  const delimiter = raw[0] ?? ' ';
  const args = raw.slice(1).split(delimiter);
  for (const arg of args) if (arg === '') return { args: args.filter((piece) => piece !== ''), delimiter };
  return { args, delimiter };
}
