/**
 * The commerce formatters and predicates through the engine, on the edges
 * the specification names (the golden files cover the common cases).
 */
import { describe, expect, test } from 'vitest';
import { compile } from '../../../../engine/index.ts';

function render(source: string, data: unknown, locale?: string): string {
  const template = compile(source);
  expect(template.errors).toEqual([]);
  const result = template.render(data, locale === undefined ? {} : { locale });
  expect(result.errors).toEqual([]);
  return result.html;
}

const physical = (variants: unknown[], extra: Record<string, unknown> = {}) => ({
  id: 'p1',
  structuredContent: { productType: 1, variants, ...extra },
});

describe('cart formatters', () => {
  test('cart-quantity sums whole quantities', () => {
    expect(render('{@|cart-quantity}', { entries: [{ quantity: 2 }, { quantity: 1.7 }, { quantity: '4' }] })).toBe(
      '<span class="sqs-cart-quantity">3</span>',
    );
  });

  test('cart-subtotal shows the cents in the legacy money markup', () => {
    expect(render('{@|cart-subtotal}', { subtotalCents: 123456789 })).toBe(
      '<span class="sqs-cart-subtotal"><span class="sqs-money-native">1,234,567.89</span></span>',
    );
    expect(render('{@|cart-subtotal}', {})).toBe(
      '<span class="sqs-cart-subtotal"><span class="sqs-money-native">0.00</span></span>',
    );
  });

  test('cart-url is the cart page', () => {
    expect(render('{@|cart-url}', {})).toBe('/cart');
  });
});

describe('number formatters', () => {
  test('bookkeeper-money-format reads numeric text too', () => {
    expect(render('{@|bookkeeper-money-format}', { a: 1 }).trim()).toBe('$0.00');
    expect(render('{a|bookkeeper-money-format}', { a: '-250' })).toBe('-$2.50');
  });

  test('percentage-format trims only with the trim argument first', () => {
    expect(render('{a|percentage-format}', { a: 0.5 })).toBe('0.50');
    expect(render('{a|percentage-format trim}', { a: 0.5 })).toBe('0.5');
  });
});

describe('legacy price formatters', () => {
  const item = physical([
    { priceMoney: { value: '10.00' }, onSale: true, salePriceMoney: { value: '7.25' } },
    { priceMoney: { value: '12.50' } },
  ]);

  test('from-price, normal-price and sale-price give legacy cents', () => {
    expect(render('{@|from-price} {@|normal-price} {@|sale-price}', item)).toBe('725 1250 725');
  });
});

describe('product-status', () => {
  const soldOut = physical([{ qtyInStock: 0, onSale: true }]);

  test('a custom sold-out text wins and is escaped', () => {
    const data = { ...soldOut, productMerchandisingContext: { p1: { customSoldOutText: 'Gone "soon"' } } };
    expect(render('{@|product-status}', data)).toBe('<div class="product-mark sold-out">Gone &quot;soon&quot;</div>');
  });

  test('the translated sold-out and sale texts are used when present', () => {
    const strings = { localizedStrings: { productSoldOutText: 'Épuisé', productSaleText: 'Solde' } };
    expect(render('{@|product-status}', { ...soldOut, ...strings })).toBe('<div class="product-mark sold-out">Épuisé</div>');
    const onSale = physical([{ qtyInStock: 3, onSale: true }]);
    expect(render('{@|product-status}', { ...onSale, ...strings })).toBe('<div class="product-mark sale">Solde</div>');
  });

  test('nothing is shown for an available product that is not on sale', () => {
    expect(render('[{@|product-status}]', physical([{ qtyInStock: 1 }]))).toBe('[]');
  });
});

describe('quantity-input', () => {
  test('a number input from 1 to 9999 in steps of 1 starting at 1, for more than one unit left', () => {
    const html = render('{@|quantity-input}', physical([{ qtyInStock: 2 }]));
    expect(html).toContain('max="9999" min="1" value="1" type="number" step="1"');
    expect(html).toContain('data-item-id="p1"');
  });

  test('hidden for a single unit left and for services when the store disallows quantities', () => {
    expect(render('[{@|quantity-input}]', physical([{ qtyInStock: 1 }]))).toBe('[]');
    const service = { id: 's', structuredContent: { productType: 3, variants: [{ qtyInStock: 9 }] } };
    const settings = { websiteSettings: { storeSettings: { multipleQuantityAllowedForServices: false } } };
    expect(render('[{item|quantity-input}]', { item: service, ...settings })).toBe('[]');
    expect(render('{item|quantity-input}', { item: service })).toContain('product-quantity-input');
  });

  test('the label is translated when the page has a translation', () => {
    const data = { item: physical([{ unlimited: true }]), localizedStrings: { productQuantityInputLabel: 'Menge' } };
    expect(render('{item|quantity-input}', data)).toContain('<div class="quantity-label">Menge:</div>');
  });
});

describe('add-to-cart-btn', () => {
  test('a subscription shows Subscribe and carries its first subscription option', () => {
    const item = {
      id: 'i',
      collectionId: 'c',
      structuredContent: { productType: 1, isSubscribable: true, productSubscriptionOptions: [{ id: 'opt-1' }] },
    };
    const html = render('{@|add-to-cart-btn}', item);
    expect(html).toContain('data-original-label="Subscribe"');
    expect(html).toContain('data-subscription-option-id="opt-1"');
    expect(html).toContain('data-is-subscription="true"');
  });

  test('a custom label is used only when enabled', () => {
    const item = (enabled: boolean) => ({
      id: 'i',
      structuredContent: { productType: 1, useCustomAddButtonText: enabled, customAddButtonText: 'Buy & go' },
    });
    expect(render('{@|add-to-cart-btn}', item(true))).toContain('<div class="sqs-add-to-cart-button-inner">Buy &amp; go</div>');
    expect(render('{@|add-to-cart-btn}', item(false))).toContain('<div class="sqs-add-to-cart-button-inner">Add To Cart</div>');
  });
});

describe('merchandising formatters', () => {
  const scarce = (settings: Record<string, unknown>) => ({ item: { id: 'p1' }, productMerchandisingContext: { p1: settings } });

  test('product-scarcity shows the default view and hides the per-variant ones', () => {
    const html = render(
      '{item|product-scarcity}',
      scarce({
        scarcityEnabled: true,
        scarcityText: 'Only {qtyInStock} left',
        scarcityTemplateViews: [{ qtyInStock: 4 }, { qtyInStock: 2, attributes: { Size: 'S' } }],
      }),
    );
    expect(html).toContain('<div class="product-scarcity">\n    Only 4 left\n  </div>');
    expect(html).toContain('data-variant-attributes="{&quot;Size&quot;:&quot;S&quot;}" hidden>\n    Only 2 left');
  });

  test('product-scarcity shows nothing when not enabled', () => {
    const html = render('[{item|product-scarcity}]', scarce({ scarcityEnabled: false, scarcityTemplateViews: [{ qtyInStock: 1 }] }));
    expect(html).toBe('[]');
  });

  test('product-restock-notification renders one box per view with the captcha when a site key exists', () => {
    const data = {
      ...scarce({
        restockNotificationMessages: { CTAText: 'Tell me', buttonText: 'Go', placeholderText: 'Email', mailingListDescription: 'News' },
        restockNotificationViews: [{ variantId: 'v1', hiddenByDefault: true }],
        mailingListSignUpEnabled: true,
      }),
      website: { captchaSettings: { siteKey: 'k' } },
    };
    const html = render('{item|product-restock-notification}', data);
    expect(html).toContain('data-product-id="p1" data-variant-id="v1" hidden>');
    expect(html).toContain('<input type="checkbox" name="isJoinMailingList">News</label>');
    expect(html).toContain('<div class="captcha-container"></div>');
  });

  test('product-quick-view names its group from the item, the page, or the argument', () => {
    expect(render('{item|product-quick-view grp}', { item: { id: 'x', grp: 'g1' } })).toContain('data-group="g1"');
    expect(render('{item|product-quick-view grp}', { item: { id: 'x' } })).toContain('data-group="grp">Quick View<');
  });

  test('variant-descriptor joins the option values', () => {
    expect(render('{@|variant-descriptor}', { optionValues: [{ value: 'Red' }, { value: 'M' }] })).toBe('Red / M');
  });
});

describe('summary-form-field', () => {
  const summary = (field: unknown, extra: Record<string, unknown> = {}) => render('{field|summary-form-field}', { field, ...extra });

  test('an empty answer shows N/A, or the translated no-answer text', () => {
    expect(summary({ type: 'text', rawTitle: 'Note' })).toContain('Note:</span> N/A\n');
    expect(summary({ type: 'text', rawTitle: 'Note' }, { localizedStrings: { productSummaryFormNoAnswerText: 'Aucune' } })).toContain(
      'Note:</span> Aucune\n',
    );
  });

  test('likert answers are shown in words', () => {
    const html = summary({ type: 'likert', rawTitle: 'Views', values: { Good: '-2', Fine: '0' } });
    expect(html).toContain('<span style="font-weight:bold;">Good:</span> Strongly Disagree</div>');
    expect(html).toContain('<span style="font-weight:bold;">Fine:</span> Neutral</div>');
  });

  test('checkbox answers are joined with commas', () => {
    expect(summary({ type: 'checkbox', rawTitle: 'Pick', values: ['a', 'b'] })).toContain('Pick:</span> a, b\n');
  });
});

describe('price markup', () => {
  test('product-price of a subscription without billing cycles runs indefinitely', () => {
    const item = physical([{ price: 100, priceMoney: { value: '1' } }], {
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 3, unit: 'MONTH' }, numBillingCycles: 0 },
    });
    expect(render('{@|product-price}', item)).toContain('<span class="sqs-money-native">1.00</span> every 3 months\n');
  });

  test('product-price of a subscription without a plan says Unavailable', () => {
    const item = physical([{ priceMoney: { value: '1' } }], { isSubscribable: true });
    expect(render('{@|product-price}', item)).toBe('\n\n\n<div class="product-price">\nUnavailable\n\n</div>');
  });

  test('useCLDRMoneyFormat formats through CLDR with the currency digits (JPY has none)', () => {
    const item = { structuredContent: { productType: 2, priceMoney: { value: '2500', currency: 'JPY' } } };
    expect(render('{item|product-price}', { item, website: { useCLDRMoneyFormat: true } })).toContain('¥2,500\n');
  });

  test('subscription-price shows the first pricing option of the cheapest variant', () => {
    const option = (value: string) => ({ priceMoney: { value }, onSale: false });
    const item = physical([
      { price: 2, priceMoney: { value: '2' }, pricingOptions: [option('1.50')] },
      { price: 1, priceMoney: { value: '1' }, pricingOptions: [option('0.75'), option('0.10')] },
    ]);
    expect(render('{@|subscription-price}', item)).toContain('from <span class="sqs-money-native">0.75</span>\n');
  });

  test('variants-select and product-checkout render the option pickers', () => {
    const item = physical([{ attributes: { Size: 'S' } }, { attributes: { Size: 'M' } }], { variantOptionOrdering: ['Size'] });
    expect(render('{@|variants-select}', item)).toContain('<select aria-label="Select Size" data-variant-option-name="Size">');
    expect(render('{@|product-checkout}', item)).toContain('sqs-add-to-cart-button-inner');
  });
});

describe('product predicates', () => {
  test('has-variants?, on-sale?, sold-out? and varied-prices? test the current product', () => {
    const data = {
      a: physical([{ price: 1, qtyInStock: 0, onSale: true }, { price: 2, qtyInStock: 0 }]),
      b: { structuredContent: { productType: 2 } },
    };
    const source =
      '{.section a}{.has-variants?}V{.end}{.on-sale?}S{.end}{.sold-out?}O{.end}{.varied-prices?}P{.end}{.end}|' +
      '{.section b}{.has-variants?}V{.end}{.on-sale?}S{.end}{.sold-out?}O{.end}{.varied-prices?}P{.end}{.end}';
    expect(render(source, data)).toBe('VSOP|');
  });
});
