import { z } from 'zod';
import { LineIndex } from '../../engine/syntax/positions.ts';
import { confIssue, parseConfJson, quotedPattern, type ConfResult } from './template-conf.ts';
import { themeMessages } from './theme-messages.ts';

/**
 * collections/NAME.conf and pages/NAME.page.conf: what kind of collection or page this is, and
 * `regionName`, the layout (or single region) its pages are wrapped in instead of the default.
 */
const collectionConfSchema = z.object({
  title: z.string().optional(),
  ordering: z.string().optional(),
  pageSize: z.number().int().positive().optional(),
  folder: z.boolean().optional(),
  index: z.boolean().optional(),
  regionName: z.string().min(1).optional(),
  acceptTypes: z.array(z.string()).optional(),
}).passthrough();

export type CollectionConf = z.infer<typeof collectionConfSchema>;

export function parseCollectionConf(text: string): ConfResult<CollectionConf> {
  const json = parseConfJson(text);
  if (!json.ok) return json;
  const parsed = collectionConfSchema.safeParse(json.value);
  return parsed.success ? { ok: true, value: parsed.data } : confIssue(parsed.error);
}

/**
 * Where a .conf text writes member `key`: its quoted key, or the start of its value. The last one,
 * as JSON.parse keeps the last of a repeated key. Line 0 when the text has none as written (a key
 * spelled with escapes).
 */
export function confMemberPosition(text: string, key: string, part: 'key' | 'value'): { line: number; column: number } {
  const written = [...text.matchAll(new RegExp(`${quotedPattern(key)}\\s*:\\s*`, 'g'))].at(-1);
  if (written === undefined) return { line: 0, column: 0 };
  return new LineIndex(text).position(part === 'key' ? written.index : written.index + written[0].length);
}

/** Where the value of `regionName` is written in a .conf text, for placing a problem with it. */
export function regionNamePosition(text: string): { line: number; column: number } {
  return confMemberPosition(text, 'regionName', 'value');
}
