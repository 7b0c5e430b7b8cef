/**
 * Markup of the add-to-cart button. Rendered isolated against the view built
 * by the `add-to-cart-btn` formatter:
 *   collectionId, itemId, productType, useCustomLabel, isSubscribable — shown as given;
 *   label — the button text (escaped here);
 *   usesForm, form — the extra-fields form attached to the product;
 *   hasSubscriptionOption, subscriptionOptionId — the first subscription option.
 *
 * The production markup starts with thirteen blank lines (the setup lines of
 * its template); they are kept so that composed output such as
 * product-checkout stays identical.
 */
const LEADING_BLANK_LINES = '\n'.repeat(13);

export const ADD_TO_CART_BUTTON_TEMPLATE =
  LEADING_BLANK_LINES +
  '<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button">\n' +
  '  <div class="sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary ' +
  '{.if usesForm}use-form{.end}" role="button" tabindex="0" data-dynamic-strings' +
  ' data-collection-id="{collectionId}" data-item-id="{itemId}" data-product-type="{productType}"' +
  ' data-use-custom-label="{useCustomLabel}" ' +
  '{.if isSubscribable}data-is-subscription="{isSubscribable}" {.end}' +
  'data-original-label="{label|htmlattr}" ' +
  '{.if usesForm}data-form="{form|json|htmlattr}"{.end}' +
  '{.if hasSubscriptionOption}data-subscription-option-id="{subscriptionOptionId}"{.end}>\n' +
  '    <div class="sqs-add-to-cart-button-inner">{label|htmltag}</div>\n' +
  '  </div>\n' +
  '</div>';
