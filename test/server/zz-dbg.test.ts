import { it } from 'vitest';
import { startServer } from './helpers/start-server.ts';
import { Visitor } from './helpers/visitor.ts';
import { seededProduct } from './helpers/fixtures.ts';
it('dbg', async () => {
  const s = await startServer({ rateLimits: { addToCart: 100000 } });
  const napkins = seededProduct('monogram-napkins');
  s.app.deps.db.prepare('UPDATE variants SET unlimited = 1 WHERE product_id = ?').run(napkins.id);
  const v = await new Visitor(s.url).start();
  const ids: string[] = [];
  for (let i = 0; i < 100; i++) {
    const a = JSON.stringify({ 'text-monogram-initials': `${i}`.padEnd(1000, '&'), 'textarea-monogram-note': '&'.repeat(120), 'select-thread-colour': 'Rust' });
    const r = await v.post<any>('/api/commerce/shopping-cart/entries', { itemId: napkins.id, sku: napkins.variants[0]!.sku, quantity: 1, additionalFields: a });
    if (r.status !== 200) break; ids.push(r.body.newlyAdded.id);
  }
  console.log('entries', ids.length);
  for (let i = 0; i < 10; i++) {
    let t = performance.now();
    await v.put(`/api/commerce/shopping-cart/entries/${ids[i]}/quantity`, { quantity: 2 + i });
    const tp = performance.now() - t; t = performance.now();
    const p = await v.get('/cart');
    console.log('put', tp.toFixed(1), 'cart', (performance.now() - t).toFixed(1), p.text.length);
  }
  await s.stop(true);
}, 120000);
