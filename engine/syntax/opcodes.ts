/** Instruction opcodes: the numbers of the references' JSON instruction trees. */
export const Opcode = {
  TEXT: 0,
  VARIABLE: 1,
  SECTION: 2,
  END: 3,
  REPEATED: 4,
  PREDICATE: 5,
  BINDVAR: 6,
  OR_PREDICATE: 7,
  IF: 8,
  INJECT: 9,
  MACRO: 10,
  COMMENT: 11,
  META_LEFT: 12,
  META_RIGHT: 13,
  NEWLINE: 14,
  SPACE: 15,
  TAB: 16,
  ROOT: 17,
  EOF: 18,
  ALTERNATES_WITH: 19,
  STRUCT: 20,
  ATOM: 21,
  CTXVAR: 22,
  EVAL: 23,
  INCLUDE: 24,
} as const;

export type Opcode = (typeof Opcode)[keyof typeof Opcode];

const NAMES: Record<number, string> = Object.fromEntries(Object.entries(Opcode).map(([name, code]) => [code, name]));

export function opcodeName(op: number): string {
  return NAMES[op] ?? 'UNKNOWN';
}
