/**
 * social-button and social-button-inline: the share-button placeholder of an
 * item, present only when the website has share buttons configured.
 */
import { asRecord, getChild, sizeOf } from '../../runtime/values.ts';
import { textOf } from '../core/node-coercion.ts';
import type { Formatter } from '../types.ts';
import { escapeHtmlAttribute } from '../core/html-escape.ts';

/** The first of the keys the item has (even with an empty value). */
function firstPresent(item: unknown, keys: readonly string[]): unknown {
  for (const key of keys) {
    const value = getChild(item, key);
    if (value !== undefined) return value;
  }
  return undefined;
}

/**
 * Attribute values other than the title go in as they are, as the
 * references' released behaviour does.
 */
export function socialButton(website: unknown, item: unknown, inline: boolean): string {
  const options = asRecord(website)?.shareButtonOptions;
  if (website === undefined || options === undefined || sizeOf(options) === 0) return '';

  const imageId = textOf(firstPresent(item, ['systemDataId', 'mainImageId']));
  const ownAssetUrl = asRecord(item)?.assetUrl;
  const assetUrl = textOf(ownAssetUrl === undefined ? asRecord(asRecord(item)?.mainImage)?.assetUrl : ownAssetUrl);
  const tag = inline ? 'span' : 'div';
  return (
    `<${tag} class="squarespace-social-buttons ${inline ? 'inline-style' : 'button-style'}"` +
    ` data-system-data-id="${imageId}"` +
    ` data-asset-url="${assetUrl}"` +
    ` data-record-type="${textOf(asRecord(item)?.recordType)}"` +
    ` data-full-url="${textOf(asRecord(item)?.fullUrl)}"` +
    ` data-title="${escapeHtmlAttribute(textOf(asRecord(item)?.title))}"></${tag}>`
  );
}

export const socialButtonFormatters = {
  'social-button': {
    apply: (value, _args, ctx) => socialButton(ctx.resolve(['website']), value, false),
  },
  'social-button-inline': {
    apply: (value, _args, ctx) => socialButton(ctx.resolve(['website']), value, true),
  },
} satisfies Record<string, Formatter>;
