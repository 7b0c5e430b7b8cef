/**
 * Markup of the quantity input. Rendered isolated against the view built by
 * the `quantity-input` formatter: itemId, label, and the input's limits
 * (size, min, max, step, initial). The production markup starts with three
 * blank lines, kept for identical composed output.
 */
export const QUANTITY_INPUT_TEMPLATE =
  '\n\n\n' +
  '<div class="product-quantity-input" data-item-id="{itemId}" data-animation-role="content">\n' +
  '  <div class="quantity-label">{label}:</div>\n' +
  '  <input aria-label="{label}" size="{size}" max="{max}" min="{min}" value="{initial}" type="number" step="{step}"></input>\n' +
  '</div>';
