/**
 * The product checkout block and its pieces: `add-to-cart-btn`,
 * `quantity-input`, `variants-select` and `product-checkout` (all three).
 */
import type { FormatterTable } from '../types.ts';
import { addToCartButtonView, quantityInputView, variantsSelectView } from './checkout-views.ts';
import { showsQuantityInput } from './product-status.ts';
import { ADD_TO_CART_BUTTON_TEMPLATE } from './templates/add-to-cart-button.ts';
import { PRODUCT_CHECKOUT_TEMPLATE } from './templates/product-checkout.ts';
import { QUANTITY_INPUT_TEMPLATE } from './templates/quantity-input.ts';
import { VARIANTS_SELECT_TEMPLATE } from './templates/variants-select.ts';
import { reference } from '../../runtime/prepared-reference.ts';

const WEBSITE_SETTINGS = reference('websiteSettings');

export const checkoutFormatters: FormatterTable = {
  'add-to-cart-btn': {
    apply: (item, _args, ctx) => ctx.renderTemplate(ADD_TO_CART_BUTTON_TEMPLATE, addToCartButtonView(item, ctx), true),
  },
  'quantity-input': {
    apply: (item, _args, ctx) => {
      if (!showsQuantityInput(item, ctx.lookup(WEBSITE_SETTINGS))) return undefined;
      return ctx.renderTemplate(QUANTITY_INPUT_TEMPLATE, quantityInputView(item, ctx), true);
    },
  },
  'variants-select': {
    apply: (item, _args, ctx) => {
      const view = variantsSelectView(item, ctx);
      return view === undefined ? undefined : ctx.renderTemplate(VARIANTS_SELECT_TEMPLATE, view, true);
    },
  },
  'product-checkout': {
    apply: (item, _args, ctx) => ctx.renderTemplate(PRODUCT_CHECKOUT_TEMPLATE, item, false),
  },
};
