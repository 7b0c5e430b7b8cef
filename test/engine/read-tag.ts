import { expect } from 'vitest';
import type { ParsedTag } from '../../engine/syntax/parsed-tag.ts';
import { parseTagFast } from '../../engine/syntax/tag-fast-path.ts';

/** The tag reader's parsed tag (null when it rejects the text), checking the opcode it gives with it. */
export function readTag(text: string): ParsedTag | null {
  const entry = parseTagFast(text);
  if (entry === null) return null;
  expect(entry.op, text).toBe(entry.parsed.op);
  return entry.parsed;
}
