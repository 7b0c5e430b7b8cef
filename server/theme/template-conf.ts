import { z } from 'zod';
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

export type ConfResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** Reads JSON text of a .conf file; the message names the file and the problem. */
export function parseConfJson(file: string, text: string): ConfResult<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: themeMessages.confUnreadable(file, (error as Error).message) };
  }
}

function firstIssue(file: string, error: z.ZodError): string {
  const issue = error.issues[0]!;
  return themeMessages.confInvalid(file, issue.path.join('.') || '(root)', issue.message);
}

export function parseTemplateConf(text: string): ConfResult<TemplateConf> {
  const json = parseConfJson('template.conf', text);
  if (!json.ok) return json;
  const parsed = templateConfSchema.safeParse(json.value);
  if (!parsed.success) return { ok: false, message: firstIssue('template.conf', parsed.error) };
  if (Object.keys(parsed.data.layouts).length === 0) return { ok: false, message: themeMessages.noDefaultLayout };
  return { ok: true, value: parsed.data };
}

/** A region name as written in a layout ('site' or 'site.region') without its extension. */
export function regionBaseName(region: string): string {
  return region.endsWith('.region') ? region.slice(0, -'.region'.length) : region;
}

/** The layout pages use unless their collection or page names another: 'default', else the first. */
export function defaultLayoutName(conf: TemplateConf): string {
  return Object.hasOwn(conf.layouts, 'default') ? 'default' : Object.keys(conf.layouts)[0]!;
}
