/**
 * Markup of a product's price (`product-price`) and of its subscription price
 * (`subscription-price`). Both show one of three things, in this order: a
 * "from" price, a sale price followed by the original price, or the normal
 * price. Each price text is a message whose placeholders ({price},
 * {fromPrice}, {billingPeriodValue}, {duration}) are filled from the view;
 * the views are built by the formatters and rendered isolated. Like
 * production, the visually hidden labels are not translated (the isolated
 * view cannot see localizedStrings). Leading blank lines match production.
 */
import { messages } from '../../../messages.ts';

const SALE_LABEL = `<span class="visually-hidden v6-visually-hidden">${messages.commerceSalePriceLabel}</span>`;
const ORIGINAL_LABEL = `<span class="visually-hidden v6-visually-hidden">${messages.commerceOriginalPriceLabel}</span>`;
const PLAN_ARGUMENTS = 'billingPeriodValue:billingPeriodValue duration:duration';

/**
 * View: fromText, formattedFromPrice, formattedSalePriceText, formattedSalePrice,
 * formattedNormalPriceText, formattedNormalPrice, billingPeriodValue, duration.
 */
export const PRODUCT_PRICE_TEMPLATE =
  '\n\n\n<div class="product-price">\n' +
  '{.if formattedFromPrice}' +
  `{fromText|message fromPrice:formattedFromPrice price:formattedFromPrice ${PLAN_ARGUMENTS}}\n` +
  '{.or}{.if formattedSalePrice}' +
  SALE_LABEL +
  `{formattedSalePriceText|message price:formattedSalePrice ${PLAN_ARGUMENTS}}` +
  '{.space}' +
  ORIGINAL_LABEL +
  `<span class="original-price">{formattedNormalPriceText|message price:formattedNormalPrice ${PLAN_ARGUMENTS}}</span>\n` +
  '{.or}{.if formattedNormalPrice}' +
  `{formattedNormalPriceText|message price:formattedNormalPrice ${PLAN_ARGUMENTS}}` +
  '{.end}{.end}{.end}' +
  '\n</div>';

/**
 * View: fromText, formattedFromPrice, formattedSubscriptionSalePriceText,
 * formattedSubscriptionSalePrice, formattedNormalSubscriptionPriceText,
 * formattedNormalSubscriptionPrice.
 */
export const SUBSCRIPTION_PRICE_TEMPLATE =
  '\n\n\n<div class="subscription-price">\n' +
  '{.if formattedFromPrice}{fromText|message fromPrice:formattedFromPrice}\n' +
  '{.or}{.if formattedSubscriptionSalePrice}' +
  SALE_LABEL +
  '{formattedSubscriptionSalePriceText|message price:formattedSubscriptionSalePrice}' +
  '{.space}' +
  ORIGINAL_LABEL +
  '<span class="original-price">{formattedNormalSubscriptionPriceText|message price:formattedNormalSubscriptionPrice}</span>\n' +
  '{.or}{.if formattedNormalSubscriptionPrice}' +
  '{formattedNormalSubscriptionPriceText|message price:formattedNormalSubscriptionPrice}' +
  '{.end}{.end}{.end}' +
  '\n</div>';
