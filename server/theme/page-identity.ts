import type { TemplateConf } from './template-conf.ts';
import type { TemplateFolder } from './folder-loader.ts';
import { stylesheetTweaks } from './stylesheet-tweaks.ts';
import { classSlug, tweakClassSlug } from './class-slug.ts';
import type { FolderPageTarget, TemplateChoice } from './collection-choice.ts';
import type { Json } from './platform-data.ts';

/**
 * Tweak classes of the body for template.conf's own tweaks: `tweak-NAME` for a tweak that is on,
 * `tweak-NAME-VALUE` for a chosen value (a name that starts with `tweak-` already is not given it
 * twice). A dropdown or checkbox a stylesheet declares (`declared`, by title) has its class made
 * there, from the value template.conf chose, so it is not made again here.
 */
export function tweakClasses(conf: TemplateConf, declared: ReadonlySet<string> = new Set()): string[] {
  const classes: string[] = [];
  for (const [name, value] of Object.entries(conf.tweaks)) {
    if (declared.has(name)) continue;
    const slug = tweakClassSlug(name);
    const key = slug.startsWith('tweak-') ? slug : `tweak-${slug}`;
    if (value === true) classes.push(key);
    else if (typeof value === 'string' && value !== '') classes.push(`${key}-${tweakClassSlug(value)}`);
  }
  return classes;
}

/** `{squarespace.page-id}`: `item-ID` on an item, `collection-ID` on a collection or page, the system page's name otherwise. */
export function pageId(target: FolderPageTarget, context: Json): string {
  const item = context.item as Json | undefined;
  if (target.view === 'item' && item && typeof item.id === 'string') return `item-${item.id}`;
  const collection = target.collection;
  if (collection && typeof collection.id === 'string') return `collection-${collection.id}`;
  return `${classSlug(target.systemName ?? 'system')}-page`;
}

/**
 * `{squarespace.page-classes}`: tweaks (template.conf's, and the dropdowns and checkboxes its
 * stylesheets declare), home page, collection type and id, layout, list or item view.
 */
export function pageClasses(folder: TemplateFolder, target: FolderPageTarget, choice: TemplateChoice, context: Json): string {
  const declared = stylesheetTweaks(folder);
  const classes = [...tweakClasses(folder.conf, declared.titles), ...declared.classes];
  const collection = target.collection;
  if (collection?.urlId === 'home') classes.push('homepage');
  if (target.view === 'system') {
    classes.push('system-page', `system-page-${classSlug(target.systemName ?? '')}`);
  } else {
    classes.push(`collection-type-${classSlug(choice.typeName)}`, `collection-layout-${classSlug(choice.layoutName)}`);
    if (collection && typeof collection.id === 'string') classes.push(`collection-${collection.id}`);
    if (target.view === 'item') {
      classes.push('view-item');
      const item = context.item as Json | undefined;
      if (item && typeof item.id === 'string') classes.push(`item-${item.id}`);
    } else if (target.view === 'list') {
      classes.push('view-list');
    }
  }
  classes.push('mobile-style-available');
  return classes.join(' ');
}

/** `{squarespace.cart-classes}`: the cart link's classes, marked empty when the cart holds nothing. */
export function cartClasses(context: Json): string {
  const cart = (context.cart ?? context.shoppingCart) as Json | undefined;
  const quantity = cart && typeof cart.totalQuantity === 'number' ? cart.totalQuantity : 0;
  return quantity > 0 ? 'sqs-custom-cart' : 'sqs-custom-cart sqs-cart-empty';
}
