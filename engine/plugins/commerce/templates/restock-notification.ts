/**
 * Markup of the back-in-stock sign-up boxes, one per restock view (a sold-out
 * variant). Rendered isolated against the view built by the
 * `product-restock-notification` formatter: product, views, messages,
 * mailingListSignUpEnabled, mailingListOptInByDefault, captchaSiteKey.
 * The setup lines (kept on their own lines) give the same leading blank lines
 * as production.
 */
export const RESTOCK_NOTIFICATION_TEMPLATE = `{.var @productId product.id}
{.var @callToAction messages.CTAText}
{.var @emailPlaceholder messages.placeholderText}
{.var @submitText messages.buttonText}
{.var @mailingListText messages.mailingListDescription}

{.repeated section views}
<div class="product-restock-notification" data-product-id="{@productId}" data-variant-id="{variantId}"{.if hiddenByDefault} hidden{.end}>
  <span class="product-restock-cta">{@callToAction|htmltag}</span>
  <form class="product-restock-form" action="#">
    <input type="text" x-autocompletetype="email" spellcheck="false" name="email" placeholder="{@emailPlaceholder|htmlattr}">
    <input class="sqs-editable-button" type="submit" value="{@submitText|htmlattr}">
  </form>
{.if mailingListSignUpEnabled}  <label class="product-restock-mailing-list"><input type="checkbox" name="isJoinMailingList"{.if mailingListOptInByDefault} checked{.end}>{@mailingListText|htmltag}</label>{.end}
{.if captchaSiteKey}  <div class="captcha-container"></div>{.end}
</div>
{.end}`;
