/**
 * The product page as a shopper without JavaScript gets it: the controls only the island can
 * work are disabled, and a <noscript> line beside them says why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPT_NEEDED } from '../../client/lib/messages.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

describe('pages without scripts', () => {
  it('gives the product page\'s disabled Add to Cart a <noscript> line saying why', async () => {
    const html = await (await fetch(`${server.url}/shop/p/linen-shirt`)).text();
    const button = /<button[^>]*class="sqs-add-to-cart-button"[^>]*>[^<]*<\/button>\s*<noscript>([\s\S]*?)<\/noscript>/.exec(html);
    expect(button, 'the button, then its <noscript> line').not.toBeNull();
    expect(button![0]).toMatch(/<button[^>]* disabled=""/);
    expect(button![1]).toContain(SCRIPT_NEEDED.addToCart);
  });
});
