/**
 * Markup of the variant pickers: per option a dropdown and a row of radio
 * buttons. Rendered isolated against the view built by the `variants-select`
 * formatter: itemId, variants, isSubscribable, subscriptionPlan, options
 * ([{ name, values }]), displayText (message with {name}) and selectText
 * (message with {variantName}). The aria-label keeps the message unescaped,
 * as production does. Leading and trailing white space matches production.
 */
const LEADING_SPACE = '\n  '.repeat(4) + '\n\n  ';

export const VARIANTS_SELECT_TEMPLATE =
  LEADING_SPACE +
  '<div class="product-variants" data-item-id="{itemId}" data-variants="{variants|json|htmltag}"' +
  '{.if isSubscribable} data-is-subscribable="true" data-subscription-plan="{subscriptionPlan|json|htmltag}"{.end}' +
  ' data-animation-role="content">' +
  '{.repeated section options}\n' +
  '    <div class="variant-option">\n' +
  '    <div class="variant-option-title">{displayText|message name:name|htmltag}: </div>\n' +
  '    <div class="variant-select-wrapper">\n' +
  '      <select aria-label="{selectText|message variantName:name}" data-variant-option-name="{name|htmltag}">\n' +
  '        <option value="">{selectText|message variantName:name|htmltag}</option>\n' +
  '        {.repeated section values}<option value="{@|htmltag}">{@|htmltag}</option>{.end}\n' +
  '      </select>\n' +
  '    </div>\n' +
  '    <div class="variant-radiobtn-wrapper" data-variant-option-name="{name|htmltag}">' +
  '{.repeated section values}\n' +
  '      <input type="radio" class="variant-radiobtn" value="{@|htmltag}" name="variant-option-{name|htmltag}"' +
  ' id="variant-option-{name|htmltag}-{@|htmltag}"/>\n' +
  '      <label class="sqs-button-element--secondary" role="button" tabindex="0"' +
  ' for="variant-option-{name|htmltag}-{@|htmltag}">{@|htmltag}</label>' +
  '{.end}\n' +
  '    </div>\n' +
  '    </div>' +
  '{.end}\n' +
  '  </div>\n';
