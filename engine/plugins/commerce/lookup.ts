/**
 * Lookups the commerce formatters make in the page context.
 */
import type { Path, RenderContext } from '../types.ts';
import { asString, getChild, getPath, isTruthy } from '../../runtime/values.ts';
import { reference } from '../../runtime/prepared-reference.ts';

const USE_CLDR_MONEY_FORMAT = reference('website.useCLDRMoneyFormat');

/**
 * Looks a path up as a template would inside a scope pushed for `node`: on
 * the node when it has the first name, otherwise in the enclosing scopes.
 */
export function resolveFrom(node: unknown, path: Path, ctx: RenderContext): unknown {
  if (path.length === 0) return node;
  return getChild(node, path[0]!) !== undefined ? getPath(node, path) : ctx.resolve(path);
}

/** Text of `localizedStrings.<key>` in the page context ('' when absent). */
export function localizedText(ctx: RenderContext, key: string): string {
  return asString(ctx.resolve(['localizedStrings', key]));
}

/** The translated text when it is not empty, otherwise the default. */
export function localizedOr(ctx: RenderContext, key: string, fallback: string): string {
  const text = localizedText(ctx, key);
  return text === '' ? fallback : text;
}

/** Whether the site formats money through CLDR (`website.useCLDRMoneyFormat`). */
export function usesCldrMoneyFormat(ctx: RenderContext): boolean {
  return isTruthy(ctx.lookup(USE_CLDR_MONEY_FORMAT));
}

/** The merchandising context of one product (`productMerchandisingContext.<id>`). */
export function merchandisingContextOf(ctx: RenderContext, productId: string): unknown {
  return getChild(ctx.resolve(['productMerchandisingContext']), productId);
}
