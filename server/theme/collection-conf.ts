import { z } from 'zod';
import { confIssueOf, confMemberPosition, parseConfJson } from './template-conf.ts';

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

/** A collection's or page's .conf as read: the settings it can use, and every problem found in it, placed. */
export interface CollectionConfReading {
  /** null when the text is not JSON (or not an object); otherwise its settings without those written wrong. */
  conf: CollectionConf | null;
  problems: { message: string; line: number; column: number }[];
}

/**
 * Reads a .conf. Every setting is optional, so one written wrong (`"pageSize": "10"`) is reported
 * and left out while the others still apply: the author sees each problem at once, and the
 * collection keeps its layout, ordering and title meanwhile instead of falling back to defaults.
 */
export function parseCollectionConf(text: string): CollectionConfReading {
  const json = parseConfJson(text);
  if (!json.ok) return { conf: null, problems: [{ message: json.message, line: json.line, column: json.column }] };
  const parsed = collectionConfSchema.safeParse(json.value);
  if (parsed.success) return { conf: parsed.data, problems: [] };
  const problems = parsed.error.issues.map((issue) => {
    const { message, line, column } = confIssueOf(issue, text, json.value);
    return { message, line, column };
  });
  const written = json.value;
  if (written === null || typeof written !== 'object' || Array.isArray(written)) return { conf: null, problems };
  const wrong = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  const kept = Object.fromEntries(Object.entries(written).filter(([key]) => !wrong.has(key)));
  const again = collectionConfSchema.safeParse(kept);
  return { conf: again.success ? again.data : null, problems };
}

/** Where the value of `regionName` is written in a .conf text, for placing a problem with it. */
export function regionNamePosition(text: string): { line: number; column: number } {
  return confMemberPosition(text, 'regionName', 'value');
}
