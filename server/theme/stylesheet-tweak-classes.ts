/**
 * The body classes the dropdown and checkbox tweaks of a folder's stylesheets give every page,
 * as the platform makes them from the tweak's title: a dropdown "Site Spacing" set to "Medium"
 * gives `site-spacing-medium`, a checkbox titled `ancillary-header-full-width` that is on gives
 * `ancillary-header-full-width`. A template's LESS styles by them (doncab centres its page with
 * `.site-spacing-medium & { margin: 5vw auto; }`), so without them its pages lost that layout.
 * The setting is the tweak's own default (`default`, `active`) unless template.conf's `tweaks`
 * names the tweak by its title: a text there is the dropdown's choice, a boolean the checkbox's.
 */
import type { TemplateFolder } from './folder-loader.ts';
import { tweakComments } from './tweak-comments.ts';

interface DeclaredTweak {
  type?: unknown;
  title?: unknown;
  default?: unknown;
  active?: unknown;
}

/** The platform's class name of a title or choice: lower case, each run of other characters a dash. */
export function tweakSlug(text: string): string {
  let slug = '';
  let dash = false;
  for (const c of text.toLowerCase()) {
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
      if (dash && slug !== '') slug += '-';
      slug += c;
      dash = false;
    } else {
      dash = true;
    }
  }
  return slug;
}

function declaredTweak(json: string): DeclaredTweak | null {
  try {
    const tweak: unknown = JSON.parse(json);
    return tweak !== null && typeof tweak === 'object' && !Array.isArray(tweak) ? (tweak as DeclaredTweak) : null;
  } catch {
    return null;
  }
}

function classesOf(folder: TemplateFolder): string[] {
  const chosen = folder.conf.tweaks;
  const classes: string[] = [];
  const seen = new Set<string>();
  for (const name of folder.conf.stylesheets) {
    const text = folder.source.read(`styles/${name}`);
    if (text === undefined) continue;
    for (const json of tweakComments(text)) {
      const tweak = declaredTweak(json);
      if (tweak === null || typeof tweak.title !== 'string' || (tweak.type !== 'dropdown' && tweak.type !== 'checkbox')) continue;
      const key = tweakSlug(tweak.title);
      if (key === '' || seen.has(key)) continue;
      seen.add(key);
      const choice = chosen[tweak.title];
      if (tweak.type === 'checkbox') {
        if (typeof choice === 'boolean' ? choice : tweak.active === true) classes.push(key);
      } else {
        const value = typeof choice === 'string' ? choice : typeof tweak.default === 'string' ? tweak.default : '';
        const valueSlug = tweakSlug(value);
        if (valueSlug !== '') classes.push(`${key}-${valueSlug}`);
      }
    }
  }
  return classes;
}

/** Made once per version of the folder (a changed stylesheet or template.conf loads a new one). */
const byFolder = new WeakMap<TemplateFolder, string[]>();

/** The classes of the folder's stylesheet tweaks, in the order the stylesheets declare them. */
export function stylesheetTweakClasses(folder: TemplateFolder): string[] {
  let classes = byFolder.get(folder);
  if (classes === undefined) {
    classes = classesOf(folder);
    byFolder.set(folder, classes);
  }
  return classes;
}
