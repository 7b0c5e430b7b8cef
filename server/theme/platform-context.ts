import type { TemplateChoice } from './collection-choice.ts';
import type { TemplateFolder } from './folder-loader.ts';
import { localizedStringsNow } from './localized-strings.ts';
import type { Json } from './platform-data.ts';

export interface PlatformFacts {
  /** The site sells something, so templates show their cart link. */
  showCart: boolean;
  /** On an item page, the items of its collection in their order (for `pagination`). */
  collectionItems?: readonly Json[];
}

/**
 * A neighbouring item as an item page's `pagination` gives it: the item as its collection lists
 * it (templates write its date, author, categories and image beside its link), without its body.
 */
function neighbourItem(item: Json | undefined): Json | undefined {
  if (item === undefined) return undefined;
  const { body: _body, ...neighbour } = item;
  return neighbour;
}

/** An item page's `pagination`: the items before and after it in its collection; null when it is not among them. */
export function itemPagination(items: readonly Json[], itemId: unknown): Json | null {
  const index = items.findIndex((candidate) => candidate.id === itemId);
  if (index === -1) return null;
  const pagination: Json = {};
  const prevItem = neighbourItem(items[index - 1]);
  const nextItem = neighbourItem(items[index + 1]);
  if (prevItem !== undefined) pagination.prevItem = prevItem;
  if (nextItem !== undefined) pagination.nextItem = nextItem;
  return pagination;
}

/** The platform's `websiteSettings.userAccountsSettings` of a site without customer accounts. */
const NO_USER_ACCOUNTS: Json = { loginAllowed: false, signupAllowed: false };

function asObject(value: unknown): Json | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
}

/**
 * The page context as the platform shapes it for a template folder: the page's own context with
 * the keys real templates read added where the page did not set them — the collection's
 * `typeName`, `typeLabel`, `navigationTitle`, `homepage` and `features.relatedItems`;
 * `showCart`; `template` (the folder's settings); `localizedStrings` (the platform's strings,
 * in the store's language); `shoppingCart` (the visitor's whole cart, which the renderer adds where the page has none of its
 * own, else the cart's totals);
 * `authenticatedAccount`; `websiteSettings` (with `userAccountsSettings`); on an item page
 * `pagination` with the neighbouring `prevItem` and `nextItem`. `?format=json` answers exactly this.
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
      // Related items as the store gives them (the others sharing a category or tag), where the
      // folder's .conf asks for them (`"relatedItems": true`).
      features: { ...asObject(collection.features), relatedItems: { isEnabled: choice.collection?.conf?.relatedItems === true } },
    };
  }
  shaped.showCart = context.showCart ?? facts.showCart;
  shaped.template = context.template ?? { name: folder.conf.name ?? '', mobileStylesEnabled: true };
  // The platform's strings in the store's language, under any the page (or its template) sets itself.
  shaped.localizedStrings = { ...localizedStringsNow(), ...asObject(context.localizedStrings) };
  shaped.shoppingCart = context.shoppingCart ?? context.cart ?? {};
  shaped.authenticatedAccount = context.authenticatedAccount ?? null;
  // The platform's customer accounts (sign-in panel, order history) are not the store's: its
  // members sign in on the members' sign-in page, so templates' account links stay hidden.
  const websiteSettings = asObject(context.websiteSettings) ?? {};
  shaped.websiteSettings = { ...websiteSettings, userAccountsSettings: websiteSettings.userAccountsSettings ?? NO_USER_ACCOUNTS };
  const item = asObject(context.item);
  if (context.pagination === undefined && item !== undefined && facts.collectionItems !== undefined) {
    const pagination = itemPagination(facts.collectionItems, item.id);
    if (pagination !== null) shaped.pagination = pagination;
  }
  return shaped;
}
