import { it } from 'vitest';
import { renderIsland } from '../../client/server-render.ts';
import { startServer } from './helpers/start-server.ts';
import { Visitor } from './helpers/visitor.ts';
import { seededProduct } from './helpers/fixtures.ts';
it('dbg', async () => {
  const s = await startServer({ rateLimits: { addToCart: 100000 } });
  const napkins = seededProduct('monogram-napkins');
  s.app.deps.db.prepare('UPDATE variants SET unlimited = 1 WHERE product_id = ?').run(napkins.id);
  const v = await new Visitor(s.url).start();
  for (let i = 0; i < 100; i++) {
    const a = JSON.stringify({ 'text-monogram-initials': `${i}`.padEnd(1000, '&'), 'textarea-monogram-note': '&'.repeat(120), 'select-thread-colour': 'Rust' });
    const r = await v.post<any>('/api/commerce/shopping-cart/entries', { itemId: napkins.id, sku: napkins.variants[0]!.sku, quantity: 1, additionalFields: a });
    if (r.status !== 200) break;
  }
  const j = await v.get<any>('/cart?format=json');
  (await import('node:fs')).writeFileSync('/tmp/x/cart.json', JSON.stringify((await v.get<any>('/api/commerce/shopping-cart')).body));
  const cart = (await v.get<any>('/api/commerce/shopping-cart')).body;
  for (let i = 0; i < 5; i++) {
    cart.entries[0].quantity = 10 + i;
    let t = performance.now();
    const html = renderIsland('CartPage', { cart, currency: cart.currency, forms: {} } as never);
    console.log('island', (performance.now() - t).toFixed(1), html.length, JSON.stringify(cart).length);
    t = performance.now();
    const p = await v.get('/cart?format=json');
    console.log('json', (performance.now() - t).toFixed(1), p.text.length);
  }
  await s.stop(true);
}, 120000);
