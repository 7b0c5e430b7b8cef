import type { TemplateChoice } from './collection-choice.ts';
import type { TemplateFolder } from './folder-loader.ts';
import type { Json } from './platform-data.ts';

export interface PlatformFacts {
  /** The site sells something, so templates show their cart link. */
  showCart: boolean;
}

function asObject(value: unknown): Json | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
}

/**
 * The page context as the platform shapes it for a template folder: the page's own context with
 * the keys real templates read added where the page did not set them — the collection's
 * `typeName`, `typeLabel`, `navigationTitle` and `homepage`; `showCart`; `template` (the folder's
 * settings); `localizedStrings`; `shoppingCart` (the cart summary when the page has no full cart);
 * `authenticatedAccount`; `websiteSettings`. `?format=json` answers exactly this.
 */
export function platformContext(folder: TemplateFolder, choice: TemplateChoice, context: Json, facts: PlatformFacts): Json {
  const shaped: Json = { ...context };
  const collection = asObject(context.collection);
  if (collection !== undefined) {
    shaped.collection = {
      ...collection,
      typeName: choice.typeName,
      typeLabel: choice.collection?.conf?.title ?? choice.typeName,
      navigationTitle: collection.navigationTitle ?? collection.title,
      homepage: collection.urlId === 'home',
    };
  }
  shaped.showCart = context.showCart ?? facts.showCart;
  shaped.template = context.template ?? { name: folder.conf.name ?? '', mobileStylesEnabled: true };
  shaped.localizedStrings = context.localizedStrings ?? {};
  shaped.shoppingCart = context.shoppingCart ?? context.cart ?? {};
  shaped.authenticatedAccount = context.authenticatedAccount ?? null;
  shaped.websiteSettings = context.websiteSettings ?? {};
  return shaped;
}
