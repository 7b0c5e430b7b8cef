import { z } from 'zod';
import { describeJsonProblem } from '../../engine/cli/inputs.ts';
import { JsonSyntaxError, parseJson } from '../../engine/runtime/json-reader.ts';
import { LineIndex } from '../../engine/syntax/positions.ts';
import { closestName } from '../../engine/diagnostics/suggest.ts';
import { themeMessages } from './theme-messages.ts';

/** One layout: the regions whose files are concatenated, in order, to wrap a page. */
const layoutSchema = z.object({
  name: z.string().optional(),
  regions: z.array(z.string().min(1)).min(1),
}).passthrough();

const navigationSchema = z.object({ name: z.string().min(1), title: z.string().optional() }).passthrough();

/**
 * template.conf: the folder's name, layouts (each a list of regions), navigations, stylesheets
 * (files of styles/, compiled in order) and tweak defaults (LESS variables an owner may change).
 */
const templateConfSchema = z.object({
  name: z.string().optional(),
  author: z.string().optional(),
  layouts: z.record(z.string(), layoutSchema),
  navigations: z.array(navigationSchema).default([]),
  stylesheets: z.array(z.string().min(1)).default([]),
  systemCollections: z.array(z.string()).default([]),
  systemPartials: z.array(z.string()).default([]),
  tweaks: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
}).passthrough();

export type TemplateConf = z.infer<typeof templateConfSchema>;
export type LayoutConf = z.infer<typeof layoutSchema>;

/** A .conf file read: its value, or the problem with its line and column (0 when the problem has no place). */
export type ConfResult<T> = { ok: true; value: T } | { ok: false; message: string; line: number; column: number };

/** V8's words where an object's member name should start ("Expected property name or '}'", "Expected double-quoted property name"). */
const NAME_EXPECTED = /^Expected (double-quoted )?property name/;

/**
 * Reads JSON text of a .conf file; a syntax error is placed where JSON.parse stopped. V8 gives no
 * position for an unexpected token (a trailing comma, a quote of the wrong kind), so there the
 * engine's own JSON reader finds the place and names what it found.
 */
export function parseConfJson(text: string): ConfResult<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const detail = (error as Error).message;
    // V8 says where it stopped as a character offset ("… in JSON at position 11").
    const at = / in JSON at position (\d+)/.exec(detail);
    if (at) {
      const position = Number(at[1]);
      // a comma left out is found where the next value starts, often a line below: place it where it belongs
      const comma = /^Expected ',' or /.test(detail) ? missingComma(text, position) : null;
      if (comma !== null) {
        // a name without its quotes after it (`author: "x"`): the comma is told, and the quotes the next reading would want
        const bare = UNQUOTED_NAME.exec(text.slice(position))?.[1];
        const message = bare === undefined ? themeMessages.confMissingComma : themeMessages.confMissingCommaBeforeBareName(bare);
        return { ok: false, message: themeMessages.confUnreadable(message), ...new LineIndex(text).position(comma) };
      }
      // an object's trailing comma is placed but told as a missing property name: say what it is
      const trailing = trailingComma(text, position);
      // where a name should start, V8 says what it wanted; the engine's reader says what stands there
      // instead (a name without quotes, single quotes, a comment), as tmpl check says it of a JSON file
      const found = trailing === null && NAME_EXPECTED.test(detail) ? readerProblem(text) : null;
      if (found !== null) return { ok: false, message: themeMessages.confUnreadable(found.problem), ...new LineIndex(text).position(found.position) };
      return { ok: false, message: themeMessages.confUnreadable(trailing ?? detail.slice(0, at.index)), ...new LineIndex(text).position(position) };
    }
    const found = readerProblem(text);
    if (found === null) return { ok: false, message: themeMessages.confUnreadable(detail), line: 0, column: 0 };
    return { ok: false, message: themeMessages.confUnreadable(found.problem), ...new LineIndex(text).position(found.position) };
  }
}

/** What the engine's JSON reader says of text JSON.parse refused, and where; a comma before a closing bracket is named as such. */
function readerProblem(text: string): { problem: string; position: number } | null {
  try {
    parseJson(text);
    return null;
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) return null;
    return { problem: trailingComma(text, error.position) ?? describeJsonProblem(text, error), position: error.position };
  }
}

/** A member's name written without its double quotes, then its colon (`author: "x"`). */
const UNQUOTED_NAME = /^([A-Za-z_$][\w$-]*)\s*:/;

/**
 * Where a comma belongs (just after the value before), when JSON, asking for a comma, stopped at
 * the start of a value or member that follows another value; null otherwise.
 */
function missingComma(text: string, position: number): number | null {
  if (!/^["{[\dtfn-]/.test(text[position] ?? '') && !UNQUOTED_NAME.test(text.slice(position))) return null;
  const before = text.slice(0, position).trimEnd();
  return /["\d}\]el]$/.test(before) ? before.length : null;
}

/** The problem named, when JSON stopped at a closing bracket right after a comma; null otherwise. */
function trailingComma(text: string, position: number): string | null {
  const closing = text[position];
  return (closing === ']' || closing === '}') && /,\s*$/.test(text.slice(0, position)) ? themeMessages.confTrailingComma(closing) : null;
}

/** What a kind of JSON value is called in the messages: the schema's name for it, in words. */
const KIND_WORDS: Record<string, string> = {
  array: 'a list ([…])', record: 'an object ({…})', object: 'an object ({…})', string: 'text in quotes',
  number: 'a number', int: 'a whole number', boolean: 'true or false',
};

/** The value at `path` of a JSON value; undefined where there is none. */
function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) at = at !== null && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined;
  return at;
}

/**
 * The first problem the schema found in a .conf's `text` (read as `value`), in the author's words
 * and placed at the setting: a missing one as missing, with a written key one typo from it
 * ("layout" for "layouts", placed there), a value of the wrong kind with what it takes and what
 * was written; any other problem in the schema's own words, at the setting.
 */
export function confIssue(error: z.ZodError, text: string, value: unknown): { ok: false; message: string; line: number; column: number } {
  return confIssueOf(error.issues[0]!, text, value);
}

/** One problem of a .conf as confIssue words and places it. */
export function confIssueOf(issue: z.ZodIssue, text: string, value: unknown): { ok: false; message: string; line: number; column: number } {
  const name = issue.path.join('.') || '(root)';
  const key = issue.path.at(-1);
  const place = typeof key === 'string' ? confMemberPosition(text, key, 'value') : { line: 0, column: 0 };
  if (issue.code !== 'invalid_type') return { ok: false, message: themeMessages.confInvalid(name, issue.message), ...place };
  const expected = KIND_WORDS[issue.expected] ?? issue.expected;
  const written = valueAt(value, issue.path);
  if (written !== undefined) return { ok: false, message: themeMessages.confSettingWrongKind(name, expected, JSON.stringify(written)), ...place };
  const parent = valueAt(value, issue.path.slice(0, -1));
  const keys = parent !== null && typeof parent === 'object' && !Array.isArray(parent) ? Object.keys(parent) : [];
  const meant = typeof key === 'string' ? closestName(key, keys.filter((written) => written !== key)) : undefined;
  if (meant === undefined) return { ok: false, message: themeMessages.confSettingMissing(name, expected), line: 0, column: 0 };
  return { ok: false, message: themeMessages.confSettingMisspelled(name, expected, meant), ...confMemberPosition(text, meant, 'key') };
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

export function parseTemplateConf(text: string): ConfResult<TemplateConf> {
  const json = parseConfJson(text);
  if (!json.ok) return json;
  const parsed = templateConfSchema.safeParse(json.value);
  if (!parsed.success) return confIssue(parsed.error, text, json.value);
  if (Object.keys(parsed.data.layouts).length === 0) return { ok: false, message: themeMessages.noDefaultLayout, line: 0, column: 0 };
  return { ok: true, value: parsed.data };
}

/** A region name as written in a layout ('site' or 'site.region') without its extension. */
export function regionBaseName(region: string): string {
  return region.endsWith('.region') ? region.slice(0, -'.region'.length) : region;
}

/** A name as JSON writes it, as a pattern: the quoted string, its characters escaped for RegExp. */
export function quotedPattern(name: string): string {
  return JSON.stringify(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Where template.conf writes `region` (as given, 'header' or 'header.region') in the regions of
 * layout `layout`, for placing a problem with it: the layout's key, then its "regions" array, then
 * the name in it. The text has already parsed, so only the written form can differ (spacing, key
 * order); anything this does not find falls back to the layout's key, then to line 0.
 */
export function layoutRegionPosition(text: string, layout: string, region: string): { line: number; column: number } {
  const layouts = /"layouts"\s*:\s*\{/.exec(text);
  if (layouts === null) return { line: 0, column: 0 };
  const layoutKey = new RegExp(`${quotedPattern(layout)}\\s*:\\s*\\{`, 'g');
  layoutKey.lastIndex = layouts.index + layouts[0].length;
  const layoutAt = layoutKey.exec(text);
  if (layoutAt === null) return { line: 0, column: 0 };
  const lines = new LineIndex(text);
  const regions = /"regions"\s*:\s*\[/g;
  regions.lastIndex = layoutAt.index + layoutAt[0].length;
  const regionsAt = regions.exec(text);
  const arrayEnd = regionsAt === null ? -1 : text.indexOf(']', regionsAt.index + regionsAt[0].length);
  const nameAt = regionsAt === null ? -1 : text.indexOf(JSON.stringify(region), regionsAt.index + regionsAt[0].length);
  return lines.position(nameAt >= 0 && nameAt < arrayEnd ? nameAt : layoutAt.index);
}

/**
 * Where template.conf writes `name` in its "stylesheets" array, for placing a problem with that
 * stylesheet; the array's key when the name is written in another form, else line 0.
 */
export function stylesheetPosition(text: string, name: string): { line: number; column: number } {
  const list = /"stylesheets"\s*:\s*\[/.exec(text);
  if (list === null) return { line: 0, column: 0 };
  const listEnd = text.indexOf(']', list.index + list[0].length);
  const nameAt = text.indexOf(JSON.stringify(name), list.index + list[0].length);
  return new LineIndex(text).position(nameAt >= 0 && nameAt < listEnd ? nameAt : list.index);
}

/** The layout pages use unless their collection or page names another: 'default', else the first. */
export function defaultLayoutName(conf: TemplateConf): string {
  return Object.hasOwn(conf.layouts, 'default') ? 'default' : Object.keys(conf.layouts)[0]!;
}
