/**
 * The gift card's own step (`/checkout/gift-card`): a gift card is bought on its own, not put in
 * the cart, so this page is where the shopper lands from the product's "Buy now". It shows the
 * amounts as choices with the chosen one marked, leads back to the gift card, and continues to
 * the checkout of the card's own cart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { seededProduct } from './helpers/fixtures.ts';

const giftCard = seededProduct('gift-card');
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

async function page(query: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${server.url}/checkout/gift-card?${query}`);
  return { status: response.status, html: await response.text() };
}

/** The amount choices: [label, href, marked current]. */
function amounts(html: string): Array<[string, string, boolean]> {
  const list = /<ul class="gift-card-amounts"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
  return [...list.matchAll(/<a class="gift-card-amount[^"]*" href="([^"]*)"( aria-current="true")?>([^<]*)<\/a>/g)]
    .map((match) => [match[3]!.trim(), match[1]!.replace(/&amp;/g, '&'), match[2] !== undefined]);
}

describe('gift card page', () => {
  it('marks the chosen amount, links back to the gift card and continues to checkout', async () => {
    const { status, html } = await page(`itemId=${giftCard.id}&sku=SQ-GIFT-50`);
    expect(status).toBe(200);
    const base = `/checkout/gift-card?itemId=${giftCard.id}&sku=`;
    expect(amounts(html)).toEqual([
      ['$25.00', `${base}SQ-GIFT-25`, false],
      ['$50.00', `${base}SQ-GIFT-50`, true],
      ['$100.00', `${base}SQ-GIFT-100`, false],
    ]);
    expect(html).toMatch(/<a class="gift-card-back" href="\/shop\/p\/gift-card">(<span aria-hidden="true">←<\/span>)? Studio Gift Card<\/a>/);
    // posted to the chosen amount's own address, which a refused post leads back to
    const form = new RegExp(`<form method="post" action="/checkout/gift-card\\?itemId=${giftCard.id}&amp;sku=SQ-GIFT-50" class="gift-card-form">([\\s\\S]*?)</form>`).exec(html)?.[1] ?? '';
    expect(form).toContain('<input type="hidden" name="sku" value="SQ-GIFT-50">');
    expect(form).toMatch(/<button type="submit" class="button">Continue to checkout<\/button>/);
  });

  it('asks for an amount without marking one or offering to continue', async () => {
    const { status, html } = await page(`itemId=${giftCard.id}`);
    expect(status).toBe(400);
    expect(amounts(html).map(([, , current]) => current)).toEqual([false, false, false]);
    expect(html).toContain('Select a denomination for the Gift Card');
    expect(html).toContain('class="gift-card-back"');
    expect(html).not.toContain('Continue to checkout');
  });

  it('styles the amounts and the chosen one in the theme', async () => {
    const { html } = await page(`itemId=${giftCard.id}&sku=SQ-GIFT-50`);
    const theme = /<link rel="stylesheet" href="(\/theme\/[^"]+)">/.exec(html)![1]!;
    const css = await (await fetch(server.url + theme)).text();
    expect(css).toMatch(/\.gift-card-amounts\s*\{[^}]*display:\s*flex/);
    expect(css).toMatch(/\.gift-card-amount\[aria-current="true"\]\s*\{/);
  });
});
