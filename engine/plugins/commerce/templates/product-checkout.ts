/** The product checkout block: variant pickers, quantity input and add-to-cart button, rendered against the item. */
export const PRODUCT_CHECKOUT_TEMPLATE = '{@|variants-select}{@|quantity-input}{@|add-to-cart-btn}';
