/**
 * The settings a folder's stylesheets declare in tweak comments, as the platform gives them to a
 * page: body classes and the values its scripts read.
 *
 * **Classes.** The dropdown and checkbox tweaks give every page a class made from the tweak's
 * title: a dropdown "Site Spacing" set to "Medium" gives `site-spacing-medium`, a checkbox titled
 * `ancillary-header-full-width` that is on gives `ancillary-header-full-width`. A template's LESS
 * styles by them (doncab centres its page with `.site-spacing-medium & { margin: 5vw auto; }`),
 * so without them its pages lost that layout.
 *
 * **Values.** A template's scripts read a setting with `Y.Squarespace.Template.getTweakValue(name)`
 * (directly, or through @squarespace/core's `Tweak.getValue`): a dropdown's or checkbox's by its
 * title ('Normal', 'true'), a value or colour tweak's by the variable under it (`@minColumnWidth:
 * 225;` gives '225').
 *
 * The setting is the tweak's own default (`default`, `active`, the variable's value) unless
 * template.conf's `tweaks` names it (a dropdown or checkbox by its title, a variable by its name).
 */
import type { TemplateFolder } from './folder-loader.ts';
import { tweakClassSlug } from './class-slug.ts';
import { tweakObject } from './tweak-json.ts';
import { tweakComments, variableAfter } from './tweak-comments.ts';

export interface StylesheetTweaks {
  /** The body classes, in the order the stylesheets declare them. */
  classes: string[];
  /** The value of each setting by the name a script asks for it with. */
  values: Record<string, string>;
  /** The titles of the dropdowns and checkboxes, whose classes are these rather than template.conf's own. */
  titles: ReadonlySet<string>;
}

interface DeclaredTweak {
  type?: unknown;
  title?: unknown;
  default?: unknown;
  active?: unknown;
}

function declaredTweak(json: string): DeclaredTweak | null {
  return tweakObject(json) as DeclaredTweak | null;
}

function tweaksOf(folder: TemplateFolder): StylesheetTweaks {
  const chosen = folder.conf.tweaks;
  const classes: string[] = [];
  const values: Record<string, string> = Object.create(null) as Record<string, string>;
  const seen = new Set<string>();
  const titles = new Set<string>();
  for (const name of folder.conf.stylesheets) {
    const text = folder.source.read(`styles/${name}`);
    if (text === undefined) continue;
    for (const { json, next } of tweakComments(text)) {
      const tweak = declaredTweak(json);
      if (tweak === null) continue;
      if (tweak.type !== 'dropdown' && tweak.type !== 'checkbox') {
        // a value, colour or font tweak sets the variable under it
        const variable = variableAfter(text, next);
        if (variable !== null && !(variable.name in values)) {
          const setting = chosen[variable.name];
          values[variable.name] = setting === undefined ? variable.value : String(setting);
        }
        continue;
      }
      if (typeof tweak.title !== 'string') continue;
      const key = tweakClassSlug(tweak.title);
      if (key === '' || seen.has(key)) continue;
      seen.add(key);
      titles.add(tweak.title);
      const setting = chosen[tweak.title];
      if (tweak.type === 'checkbox') {
        const on = typeof setting === 'boolean' ? setting : tweak.active === true;
        values[tweak.title] = String(on);
        if (on) classes.push(key);
      } else {
        const value = typeof setting === 'string' ? setting : typeof tweak.default === 'string' ? tweak.default : '';
        values[tweak.title] = value;
        const valueSlug = tweakClassSlug(value);
        if (valueSlug !== '') classes.push(`${key}-${valueSlug}`);
      }
    }
  }
  return { classes, values, titles };
}

/** Made once per version of the folder (a changed stylesheet or template.conf loads a new one). */
const byFolder = new WeakMap<TemplateFolder, StylesheetTweaks>();

/** The classes and values of the folder's stylesheet tweaks. */
export function stylesheetTweaks(folder: TemplateFolder): StylesheetTweaks {
  let tweaks = byFolder.get(folder);
  if (tweaks === undefined) {
    tweaks = tweaksOf(folder);
    byFolder.set(folder, tweaks);
  }
  return tweaks;
}

/**
 * The tweak values a folder's pages give its scripts: only a folder that loads scripts of its own
 * (`<squarespace:script>`) gets them, so a folder without (the project's theme) adds nothing to its pages.
 */
export function tweakValuesForScripts(folder: TemplateFolder): Readonly<Record<string, string>> | null {
  for (const tag of folder.tags.values()) if (tag.kind === 'script') return stylesheetTweaks(folder).values;
  return null;
}
