/**
 * Product listing extras: the status mark (`product-status`), the quick-view
 * button, the low-stock message (`product-scarcity`), the back-in-stock
 * sign-up (`product-restock-notification`) and `variant-descriptor`.
 * Per-product merchandising settings come from
 * `productMerchandisingContext.<product id>`.
 */
import type { FormatterTable, RenderContext } from '../types.ts';
import { messages } from '../../messages.ts';
import { asBoolean, asRecord, asString, getChild } from '../../runtime/values.ts';
import { escapeHtmlAttribute } from '../core/html-escape.ts';
import { localizedOr, merchandisingContextOf } from './lookup.ts';
import { productMarkOf } from './product-status.ts';
import { RESTOCK_NOTIFICATION_TEMPLATE } from './templates/restock-notification.ts';
import { SCARCITY_TEMPLATE } from './templates/scarcity.ts';
import { variantDescriptor } from './variant-options.ts';

/**
 * The mark of a product: "sold out" (the product's custom text, else the
 * translation, else the default; escaped) or "sale"; nothing otherwise.
 */
function productStatusHtml(item: unknown, ctx: RenderContext): string | undefined {
  switch (productMarkOf(item)) {
    case 'sold-out': {
      const settings = merchandisingContextOf(ctx, asString(asRecord(item)?.id));
      const customText = asString(asRecord(settings)?.customSoldOutText);
      const text = customText !== '' ? customText : localizedOr(ctx, 'productSoldOutText', messages.commerceSoldOut);
      return `<div class="product-mark sold-out">${escapeHtmlAttribute(text)}</div>`;
    }
    case 'sale':
      return `<div class="product-mark sale">${localizedOr(ctx, 'productSaleText', messages.commerceSale)}</div>`;
    default:
      return undefined;
  }
}

/**
 * The quick-view button. Its group is the argument's value on the item or in
 * the page (the argument itself when neither has it).
 */
function quickViewHtml(item: unknown, args: readonly string[], ctx: RenderContext): string {
  const groupName = args[0] ?? '';
  let group = groupName;
  const onItem = getChild(item, groupName);
  if (onItem !== undefined) {
    group = asString(onItem);
  } else {
    const inPage = ctx.resolve([groupName]);
    if (inPage !== undefined) group = asString(inPage);
  }
  const id = asString(asRecord(item)?.id);
  const text = localizedOr(ctx, 'productQuickViewText', messages.commerceQuickView);
  return (
    `<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="${id}"` +
    ` data-group="${group}">${text}</span>`
  );
}

/** Missing fields become null so the template does not look them up elsewhere in the page. */
function orNull(value: unknown): unknown {
  return value === undefined ? null : value;
}

export const merchandisingFormatters: FormatterTable = {
  'product-status': {
    apply: (item, _args, ctx) => productStatusHtml(item, ctx),
  },
  'product-quick-view': {
    apply: (item, args, ctx) => quickViewHtml(item, args, ctx),
  },
  'product-scarcity': {
    // Without an enabled scarcity setting for the product the value passes through unchanged, as in production.
    apply: (item, _args, ctx) => {
      const settings = merchandisingContextOf(ctx, asString(asRecord(item)?.id));
      if (settings === undefined || !asBoolean(asRecord(settings)?.scarcityEnabled)) return item;
      const view = {
        scarcityTemplateViews: orNull(asRecord(settings)?.scarcityTemplateViews),
        scarcityText: orNull(asRecord(settings)?.scarcityText),
        scarcityShownByDefault: orNull(asRecord(settings)?.scarcityShownByDefault),
      };
      return ctx.renderTemplate(SCARCITY_TEMPLATE, view, false);
    },
  },
  'product-restock-notification': {
    apply: (item, _args, ctx) => {
      const settings = merchandisingContextOf(ctx, asString(asRecord(item)?.id));
      const view = {
        product: item,
        views: asRecord(settings)?.restockNotificationViews,
        messages: asRecord(settings)?.restockNotificationMessages,
        mailingListSignUpEnabled: asRecord(settings)?.mailingListSignUpEnabled,
        mailingListOptInByDefault: asRecord(settings)?.mailingListOptInByDefault,
        captchaSiteKey: asRecord(asRecord(ctx.resolve(['website']))?.captchaSettings)?.siteKey,
      };
      return ctx.renderTemplate(RESTOCK_NOTIFICATION_TEMPLATE, view, true);
    },
  },
  'variant-descriptor': {
    apply: (variant) => variantDescriptor(variant),
  },
};
