/**
 * Markup of the low-stock messages, one per scarcity view. A view without
 * variant attributes is the one shown by default; views for a specific
 * variant carry its attributes and start hidden. Rendered (not isolated, as
 * in production) against the view built by the `product-scarcity` formatter:
 * scarcityTemplateViews, scarcityText (a message with {qtyInStock}),
 * scarcityShownByDefault.
 */
export const SCARCITY_TEMPLATE =
  '{.repeated section scarcityTemplateViews}\n' +
  '  <div class="product-scarcity"' +
  '{.if attributes} data-variant-attributes="{attributes|json|htmltag}" hidden{.end}>\n' +
  '    {scarcityText|message qtyInStock:qtyInStock|htmltag}\n' +
  '  </div>\n' +
  '{.end}';
