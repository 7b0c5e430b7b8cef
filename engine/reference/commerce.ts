/** Reference of the commerce plugins (engine/plugins/commerce): prices, cart, add to cart, variants, stock. */
import type { DomainReference } from './types.ts';

/** A small physical product with two sizes, one of them on sale. */
const HAT = {
  id: 'p1',
  collectionId: 'c1',
  title: 'Wool Hat',
  structuredContent: {
    productType: 1,
    variants: [
      { sku: 'HAT-S', attributes: { Size: 'S' }, price: 1500, priceMoney: { currency: 'USD', value: '15.00' }, onSale: true, salePrice: 1200, salePriceMoney: { currency: 'USD', value: '12.00' }, qtyInStock: 4 },
      { sku: 'HAT-M', attributes: { Size: 'M' }, price: 1800, priceMoney: { currency: 'USD', value: '18.00' }, onSale: false, salePrice: 0, salePriceMoney: { currency: 'USD', value: '0.00' }, qtyInStock: 0 },
    ],
    variantOptionOrdering: ['Size'],
  },
};

/** A product with one variant, sold out. */
const SOLD_OUT_SCARF = {
  id: 'p2',
  title: 'Scarf',
  structuredContent: {
    productType: 1,
    variants: [{ sku: 'SCARF', price: 2500, priceMoney: { currency: 'USD', value: '25.00' }, qtyInStock: 0 }],
  },
};

/** A product with one variant and plenty in stock. */
const MUG = {
  id: 'p3',
  collectionId: 'c1',
  title: 'Mug',
  structuredContent: { productType: 1, variants: [{ sku: 'MUG', price: 900, priceMoney: { currency: 'USD', value: '9.00' }, qtyInStock: 40 }] },
};

export const commerceReference: DomainReference = {
  domain: 'commerce',
  title: 'Commerce',
  intro:
    'Store markup and prices. A product is an item whose `structuredContent` holds `productType` (1 physical, 2 digital, 3 service, 4 gift card) and its `variants` ' +
    '(`price` in cents, `priceMoney`, `onSale`, `salePriceMoney`, `qtyInStock`, `unlimited`, `attributes`). ' +
    'Prices are shown in the platform\'s money markup, or through CLDR in the render\'s locale when `website.useCLDRMoneyFormat` is true. ' +
    'The markup formatters keep the blank lines of the platform\'s internal templates, as the outputs show. The examples share a two-size hat (size S on sale, size M sold out), a sold-out scarf and a mug.',
  formatters: {
    'cart-quantity': {
      args: '',
      summary: 'The number of items in a cart (the sum of its entries\' quantities), in the cart-quantity span.',
      examples: [{ template: '{cart|cart-quantity}', data: { cart: { entries: [{ quantity: 2 }, { quantity: 1 }] } }, output: '<span class="sqs-cart-quantity">3</span>' }],
    },
    'cart-subtotal': {
      args: '',
      summary: 'A cart\'s subtotal (`subtotalCents`) in the cart-subtotal span.',
      examples: [{ template: '{cart|cart-subtotal}', data: { cart: { subtotalCents: 4250 } }, output: '<span class="sqs-cart-subtotal"><span class="sqs-money-native">42.50</span></span>' }],
    },
    'cart-url': {
      args: '',
      summary: 'The address of the cart page.',
      examples: [{ template: '<a href="{@|cart-url}">Cart</a>', data: {}, output: '<a href="/cart">Cart</a>' }],
    },
    'add-to-cart-btn': {
      args: '',
      summary: 'The add-to-cart button of a product ("Add To Cart", "Subscribe", or the product\'s custom label), with what the cart script needs: the product\'s `data-item-id`, `data-product-type`, its label, and its extra-fields form (`use-form`, `data-form`). The storefront\'s script adds to the cart from it the variant chosen in the `variants-select` and the quantity in the `quantity-input` of the same `data-item-id` (see server/theme/README.md, "Buying from a template\'s own markup").',
      examples: [{ template: '{item|add-to-cart-btn}', data: { item: HAT }, output: '\n\n\n\n\n\n\n\n\n\n\n\n\n<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button">\n  <div class="sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary " role="button" tabindex="0" data-dynamic-strings data-collection-id="c1" data-item-id="p1" data-product-type="1" data-use-custom-label="" data-original-label="Add To Cart" >\n    <div class="sqs-add-to-cart-button-inner">Add To Cart</div>\n  </div>\n</div>' }],
    },
    'quantity-input': {
      args: '',
      summary: 'The quantity field (1 to 9999) of a product, shown only when more than one unit can be bought: not for digital goods, gift cards, subscriptions, or one unit left.',
      examples: [{ template: '{item|quantity-input}', data: { item: HAT }, output: '\n\n\n<div class="product-quantity-input" data-item-id="p1" data-animation-role="content">\n  <div class="quantity-label">Quantity:</div>\n  <input aria-label="Quantity" size="4" max="9999" min="1" value="1" type="number" step="1"></input>\n</div>' }],
    },
    'variants-select': {
      args: '',
      summary: 'The option pickers (a select and radio buttons per option) of a product with variants, in `variantOptionOrdering`.',
      examples: [{ template: '{item|variants-select}', data: { item: HAT }, output: '\n  \n  \n  \n  \n\n  <div class="product-variants" data-item-id="p1" data-variants="[{&quot;sku&quot;:&quot;HAT-S&quot;,&quot;attributes&quot;:{&quot;Size&quot;:&quot;S&quot;},&quot;price&quot;:1500,&quot;priceMoney&quot;:{&quot;currency&quot;:&quot;USD&quot;,&quot;value&quot;:&quot;15.00&quot;},&quot;onSale&quot;:true,&quot;salePrice&quot;:1200,&quot;salePriceMoney&quot;:{&quot;currency&quot;:&quot;USD&quot;,&quot;value&quot;:&quot;12.00&quot;},&quot;qtyInStock&quot;:4},{&quot;sku&quot;:&quot;HAT-M&quot;,&quot;attributes&quot;:{&quot;Size&quot;:&quot;M&quot;},&quot;price&quot;:1800,&quot;priceMoney&quot;:{&quot;currency&quot;:&quot;USD&quot;,&quot;value&quot;:&quot;18.00&quot;},&quot;onSale&quot;:false,&quot;salePrice&quot;:0,&quot;salePriceMoney&quot;:{&quot;currency&quot;:&quot;USD&quot;,&quot;value&quot;:&quot;0.00&quot;},&quot;qtyInStock&quot;:0}]" data-animation-role="content">\n    <div class="variant-option">\n    <div class="variant-option-title">Size: </div>\n    <div class="variant-select-wrapper">\n      <select aria-label="Select Size" data-variant-option-name="Size">\n        <option value="">Select Size</option>\n        <option value="S">S</option><option value="M">M</option>\n      </select>\n    </div>\n    <div class="variant-radiobtn-wrapper" data-variant-option-name="Size">\n      <input type="radio" class="variant-radiobtn" value="S" name="variant-option-Size" id="variant-option-Size-S"/>\n      <label class="sqs-button-element--secondary" role="button" tabindex="0" for="variant-option-Size-S">S</label>\n      <input type="radio" class="variant-radiobtn" value="M" name="variant-option-Size" id="variant-option-Size-M"/>\n      <label class="sqs-button-element--secondary" role="button" tabindex="0" for="variant-option-Size-M">M</label>\n    </div>\n    </div>\n  </div>\n' }],
    },
    'product-checkout': {
      args: '',
      summary: 'The whole buying block of a product: variant pickers, quantity and add-to-cart button.',
      examples: [{ template: '{item|product-checkout}', data: { item: MUG }, output: '\n\n\n<div class="product-quantity-input" data-item-id="p3" data-animation-role="content">\n  <div class="quantity-label">Quantity:</div>\n  <input aria-label="Quantity" size="4" max="9999" min="1" value="1" type="number" step="1"></input>\n</div>\n\n\n\n\n\n\n\n\n\n\n\n\n<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button">\n  <div class="sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary " role="button" tabindex="0" data-dynamic-strings data-collection-id="c1" data-item-id="p3" data-product-type="1" data-use-custom-label="" data-original-label="Add To Cart" >\n    <div class="sqs-add-to-cart-button-inner">Add To Cart</div>\n  </div>\n</div>' }],
    },
    'summary-form-field': {
      args: '',
      summary: 'One answer of a product form (as shown in order summaries): the field title and its value, by field type (name, address, checkbox, likert, date, time…).',
      examples: [{ template: '{field|summary-form-field}', data: { field: { type: 'name', rawTitle: 'Engraving for', values: { First: 'Ada', Last: 'Lovelace' } } }, output: '<div style="font-size:11px; margin-top:3px">\n  <span style="font-weight:bold;">Engraving for:</span> Ada Lovelace\n</div>' }],
    },
    'product-status': {
      args: '',
      summary: 'The product mark: "sold out" (which wins), "sale", or nothing; the texts may come from the page\'s translations or the product\'s merchandising settings.',
      examples: [
        { template: '{item|product-status}', data: { item: SOLD_OUT_SCARF }, output: '<div class="product-mark sold-out">sold out</div>' },
        { template: '[{item|product-status}]', data: { item: HAT }, output: '[<div class="product-mark sale">sale</div>]' },
      ],
    },
    'product-quick-view': {
      args: '[GROUP]',
      summary: 'The "Quick View" button of a product; GROUP names a variable of the item or the page whose value groups the buttons of one list (the name itself when neither has it).',
      examples: [{ template: '{item|product-quick-view shelf}', data: { item: HAT, shelf: 'new-arrivals' }, output: '<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="p1" data-group="new-arrivals">Quick View</span>' }],
    },
    'product-scarcity': {
      args: '',
      summary: 'The "only N left" message of a product when the merchandising setting enables it (`productMerchandisingContext.ID`), per variant.',
      examples: [
        {
          template: '{item|product-scarcity}',
          data: { item: { id: 'p1' }, productMerchandisingContext: { p1: { scarcityEnabled: true, scarcityText: 'Only {qtyInStock} left', scarcityTemplateViews: [{ qtyInStock: 4 }] } } },
          output: '\n  <div class="product-scarcity">\n    Only 4 left\n  </div>\n',
        },
      ],
    },
    'product-restock-notification': {
      args: '',
      summary: 'The "tell me when it is back" sign-up box of a sold-out product or variant (`productMerchandisingContext.ID`), with the mailing-list opt-in when enabled.',
      examples: [
        {
          template: '{item|product-restock-notification}',
          data: {
            item: { id: 'p2' },
            productMerchandisingContext: {
              p2: {
                restockNotificationMessages: { CTAText: 'Sold out. Tell me when it is back:', buttonText: 'Notify me', placeholderText: 'Email address', mailingListDescription: 'Also send me news' },
                restockNotificationViews: [{ variantId: 'v1' }],
                mailingListSignUpEnabled: false,
              },
            },
          },
          output: '\n\n\n\n\n\n\n<div class="product-restock-notification" data-product-id="p2" data-variant-id="v1">\n  <span class="product-restock-cta">Sold out. Tell me when it is back:</span>\n  <form class="product-restock-form" action="#">\n    <input type="text" x-autocompletetype="email" spellcheck="false" name="email" placeholder="Email address">\n    <input class="sqs-editable-button" type="submit" value="Notify me">\n  </form>\n\n\n</div>\n',
        },
      ],
    },
    'variant-descriptor': {
      args: '',
      summary: 'A variant\'s option values joined with ` / ` (e.g. in a cart line).',
      examples: [{ template: '{variant|variant-descriptor}', data: { variant: { optionValues: [{ optionName: 'Color', value: 'Red' }, { optionName: 'Size', value: 'M' }] } }, output: 'Red / M' }],
    },
    'bookkeeper-money-format': {
      args: '',
      summary: 'An amount in cents in accounting style with the dollar sign: `-$2.50`.',
      examples: [{ template: '{refund|bookkeeper-money-format}', data: { refund: -250 }, output: '-$2.50' }],
    },
    'percentage-format': {
      args: '[trim]',
      summary: 'A number with two decimals, for percentages; `trim` drops trailing zeros.',
      examples: [{ template: '{rate|percentage-format}% · {rate|percentage-format trim}%', data: { rate: 12.5 }, output: '12.50% · 12.5%' }],
    },
    'from-price': {
      args: '',
      summary: 'The lowest current price of a product in cents (sale prices count), as older templates show "from" prices.',
      examples: [{ template: 'from {item|from-price|money-format}', data: { item: HAT }, output: 'from 12.00' }],
    },
    'normal-price': {
      args: '',
      summary: 'The highest regular price of a product in cents.',
      examples: [{ template: '{item|normal-price|money-format}', data: { item: HAT }, output: '18.00' }],
    },
    'sale-price': {
      args: '',
      summary: 'The lowest sale price of a product\'s variants on sale, in cents.',
      examples: [{ template: '{item|sale-price|money-format}', data: { item: HAT }, output: '12.00' }],
    },
    'product-price': {
      args: '',
      summary: 'The price block of a product: one price, "from" the lowest, the sale price beside the struck original, or the subscription price and period.',
      examples: [{ template: '{item|product-price}', data: { item: HAT }, output: '\n\n\n<div class="product-price">\nfrom <span class="sqs-money-native">12.00</span>\n\n</div>' }],
    },
    'subscription-price': {
      args: '',
      summary: 'The subscription price of a product: the first pricing option of its cheapest variant, "from" when variants differ.',
      examples: [
        {
          template: '{item|subscription-price}',
          data: { item: { structuredContent: { productType: 1, isSubscribable: true, variants: [{ price: 900, priceMoney: { currency: 'USD', value: '9.00' }, pricingOptions: [{ priceMoney: { currency: 'USD', value: '8.00' }, onSale: false }] }] } } },
          output: '\n\n\n<div class="subscription-price">\n<span class="sqs-money-native">8.00</span>\n</div>',
        },
      ],
    },
  },
  predicates: {
    'has-variants?': {
      args: '',
      summary: 'The current product has more than one variant.',
      examples: [{ template: '{.section item}{.has-variants?}Choose a size{.end}{.end}', data: { item: HAT }, output: 'Choose a size' }],
    },
    'on-sale?': {
      args: '',
      summary: 'The current product is on sale: one of its variants is (a digital product: its own `onSale`). Unlike the product mark, it does not look at stock.',
      examples: [{ template: '{.section item}{.on-sale?}Sale!{.or}Regular price{.end}{.end}', data: { item: HAT }, output: 'Sale!' }],
    },
    'sold-out?': {
      args: '',
      summary: 'No variant of the current physical or service product is in stock (none unlimited, none with `qtyInStock` above 0); digital goods and gift cards never are.',
      examples: [{ template: '{.section item}{.sold-out?}Sold out{.or}Available{.end}{.end}', data: { item: SOLD_OUT_SCARF }, output: 'Sold out' }],
    },
    'varied-prices?': {
      args: '',
      summary: 'The variants of the current product do not all cost the same (price, sale flag or sale price differ).',
      examples: [{ template: '{.section item}{.varied-prices?}from {@|from-price|money-format}{.end}{.end}', data: { item: HAT }, output: 'from 12.00' }],
    },
  },
};
