import { z } from 'zod';
import { confIssue, confMemberPosition, parseConfJson, type ConfResult } from './template-conf.ts';

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
  return parsed.success ? { ok: true, value: parsed.data } : confIssue(parsed.error, text, json.value);
}

/** Where the value of `regionName` is written in a .conf text, for placing a problem with it. */
export function regionNamePosition(text: string): { line: number; column: number } {
  return confMemberPosition(text, 'regionName', 'value');
}
