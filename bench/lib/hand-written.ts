/**
 * The limit: the storefront benchmark's product list and product page
 * (bench/fixtures/templates: shop-list.tmpl, product.tmpl and their blocks)
 * written by hand as one JavaScript function each, producing the same HTML
 * as our engine. The page structure, lookups, loops, conditions, escaping,
 * counting and JSON are hand-written; the commerce and content helpers
 * (prices, images, item classes, variant selects, money) are called as the
 * library functions a hand-written site would call too, so the ratio
 * measures what the template language costs over plain code.
 */
import { defaultRegistry, compile } from './built-engine-loaded.ts';
import type { Formatter, Predicate, RenderContext } from '../../engine/index.ts';
import { FIXED_NOW } from './engines.ts';

export const HAND_WRITTEN_GROUP = 'render against hand-written JavaScript';

type Data = Record<string, any>;

function formatter(name: string): Formatter {
  const found = defaultRegistry.formatter(name);
  if (found === undefined) throw new Error(`no formatter ${name}`);
  return found;
}

function predicate(name: string): Predicate {
  const found = defaultRegistry.predicate(name);
  if (found === undefined) throw new Error(`no predicate ${name}`);
  return found;
}

const itemClasses = formatter('item-classes');
const image = formatter('image');
const productPrice = formatter('product-price');
const productStatus = formatter('product-status');
const variantsSelect = formatter('variants-select');
const quantityInput = formatter('quantity-input');
const addToCart = formatter('add-to-cart-btn');
const truncate = formatter('truncate');
const money = formatter('bookkeeper-money-format');
const mainImage = predicate('main-image?');
const onSale = predicate('on-sale?');
const soldOut = predicate('sold-out?');
const hasVariants = predicate('has-variants?');

const internalTemplates = new Map<string, ReturnType<typeof compile>>();

/** What the helpers need of a render: the page's data, the value in hand, an internal template run in isolation. */
class HelperContext implements RenderContext {
  readonly locale = 'en-US';
  readonly now = FIXED_NOW;
  value: unknown = null;
  /** The 1-based position in the list being repeated (`@index`), 0 outside one. */
  index = 0;
  constructor(private readonly root: Data) {}
  current(): unknown {
    return this.value;
  }
  resolve(path: readonly (string | number)[]): unknown {
    if (path[0] === '@index') return this.index === 0 ? undefined : this.index;
    let found: any = this.value !== null && typeof this.value === 'object' && Object.hasOwn(this.value, path[0] as string) ? this.value : this.root;
    for (const key of path) found = found != null && typeof found === 'object' && Object.hasOwn(found, key) ? found[key] : undefined;
    return found;
  }
  resolveOuter(path: readonly (string | number)[]): unknown {
    return this.resolve(path);
  }
  splitPath(name: string): (string | number)[] {
    return name.split('.');
  }
  lookup(reference: { text: string }): unknown {
    return this.resolveName(reference.text);
  }
  resolveName(name: string): unknown {
    return name === '@' ? this.value : this.resolve(this.splitPath(name));
  }
  error(message: string): void {
    throw new Error(message);
  }
  renderTemplate(source: string, value: unknown): string {
    let t = internalTemplates.get(source);
    if (t === undefined) internalTemplates.set(source, (t = compile(source, { name: 'internal' })));
    return t.render(value, { now: FIXED_NOW, locale: 'en-US' }).html;
  }
  applyPartial(): string | undefined {
    throw new Error('no partials in hand-written code');
  }
}

function call(f: Formatter, ctx: HelperContext, value: unknown, args: readonly string[] = []): string {
  ctx.value = value;
  const out = f.apply(value, args, ctx, [value]);
  return out === undefined || out === null ? '' : String(out);
}

function test(p: Predicate, ctx: HelperContext, value: unknown): boolean {
  ctx.value = value;
  return p.test(value, [], ctx);
}

const HTML = /[&<>]/g;
const ATTR = /[&<>"]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const html = (s: unknown): string => (s == null ? '' : String(s).replace(HTML, (c) => ENTITIES[c] as string));
const attr = (s: unknown): string => (s == null ? '' : String(s).replace(ATTR, (c) => ENTITIES[c] as string));
const text = (s: unknown): string => (s == null || typeof s === 'object' ? '' : String(s));
const formEncode = (s: string): string => encodeURIComponent(s).replace(/%20/g, '+');

function siteHeader(d: Data): string {
  let out = `<header class="site-header">
  <a class="site-title" href="/">${html(d.website.siteTitle)}</a>
  <p class="tagline">${html(d.website.siteTagLine)}</p>
  <nav class="main-nav">
    <ul>
    `;
  for (const nav of d.navigation) {
    out += `
      <li class="nav-item${nav.urlId === d.currentPage ? ' active' : ''}"><a href="${text(nav.fullUrl)}">${html(nav.title)}</a></li>
    `;
  }
  const quantity = d.cartSummary.totalQuantity;
  // `.plural?` tests the scope's own value (here the page context), as the engine does.
  return (
    out +
    `
    </ul>
  </nav>
  <a class="cart-pill" href="/cart" data-island="CartPill" data-props="${attr(JSON.stringify(d.cartSummary))}">
    Cart (${text(quantity)}${typeof d === 'number' && d > 1 ? ' items' : ' item'})
  </a>
</header>
`
  );
}

function siteFooter(d: Data, ctx: HelperContext): string {
  let out = `<footer class="site-footer">
  `;
  const w = d.website;
  if (w) {
    out += `
  <p>&copy; ${html(w.siteTitle)}</p>
  <ul class="social">
    `;
    for (const a of w.socialAccounts ?? []) out += `<li><a href="${text(a.profileUrl)}" rel="me">${html(a.screenname)}</a></li>`;
    out += `
  </ul>
  `;
  }
  out += `
  `;
  const store = d.websiteSettings?.storeSettings;
  if (store) {
    out += `
  <p class="shipping-note">Flat shipping ${call(money, ctx, store.flatShippingCents)}, free over ${call(money, ctx, store.freeShippingOverCents)}.</p>
  `;
  }
  return out + `
</footer>
`;
}

function productCard(p: Data, ctx: HelperContext, index: number): string {
  ctx.index = index;
  return `<li class="product-card ${call(itemClasses, ctx, p)}" data-item-id="${text(p.id)}">
  <a href="${text(p.fullUrl)}" class="product-link">
    ${test(mainImage, ctx, p) ? `<div class="product-image">${call(image, ctx, p.mainImage)}</div>` : '<div class="product-image placeholder"></div>'}
    <span class="product-title">${html(p.title)}</span>
  </a>
  ${call(productPrice, ctx, p)}
  ${test(onSale, ctx, p) ? '<span class="badge sale">Sale</span>' : ''}
  ${test(soldOut, ctx, p) ? '<span class="badge sold-out">Sold out</span>' : ''}
  ${p.excerpt ? `<p class="excerpt">${call(truncate, ctx, p.excerpt, ['60'])}</p>` : ''}
</li>
`;
}

/** shop-list.tmpl by hand. */
export function handWrittenShopList(d: Data): string {
  const ctx = new HelperContext(d);
  const c = d.collection;
  let out = `<!doctype html>
<html lang="${text(d.website.language)}">
<head><meta charset="utf-8"><title>${html(c.title)} &mdash; ${html(d.website.siteTitle)}</title></head>
<body id="${text(c.id)}" class="page-shop collection-type-products">
${siteHeader(d)}
<main class="shop">
  <h1>${html(c.title)}</h1>
  <nav class="categories">
    <a href="${text(c.fullUrl)}"${d.categoryFilter ? '' : ' class="active"'}>All</a>
    `;
  for (const category of c.categories) {
    out += `
    <a href="/shop?category=${formEncode(category)}"${category === d.categoryFilter ? ' class="active"' : ''}>${html(category)}</a>
    `;
  }
  out += `
  </nav>
  <p class="count">${d.items.length} products</p>
  <ul class="product-grid">
  `;
  if (d.items.length > 0) d.items.forEach((p: Data, i: number) => (out += productCard(p, ctx, i + 1)));
  else out += '<li class="empty">Nothing here yet.</li>';
  out += `
  </ul>
  `;
  const pg = d.pagination;
  if (pg) {
    out += `
  <nav class="pagination">
    ${pg.prevPage ? `<a rel="prev" href="${text(pg.prevPageUrl)}">Previous</a>` : ''}
    <span>Page ${text(pg.currentPage)} of ${text(pg.totalPages)}</span>
    ${pg.nextPage ? `<a rel="next" href="${text(pg.nextPageUrl)}">Next</a>` : ''}
  </nav>
  `;
  }
  return (
    out +
    `
</main>
${siteFooter(d, ctx)}
</body>
</html>
`
  );
}

/** product.tmpl by hand. */
export function handWrittenProduct(d: Data): string {
  const ctx = new HelperContext(d);
  const item = d.item;
  let out = `<!doctype html>
<html lang="${text(d.website.language)}">
<head>
  <meta charset="utf-8">
  <title>${html(item.title)} &mdash; ${html(d.website.siteTitle)}</title>
  <meta property="og:title" content="${attr(item.title)}">
  <meta property="og:description" content="${attr(item.excerpt)}">
</head>
<body id="item-${text(item.id)}" class="page-product">
${siteHeader(d)}
<main class="product-detail" data-item-id="${text(item.id)}">
  <nav class="breadcrumbs"><a href="${text(d.collection.fullUrl)}">${html(d.collection.title)}</a> / <span>${html(item.title)}</span></nav>
  `;
  if (item) {
    out += `
  <div class="product-gallery">
    `;
    (item.items ?? []).forEach((slide: Data, i: number) => {
      out += `
    <figure class="slide" data-slide-index="${i + 1}">${call(image, ctx, slide)}${slide.altText ? `<figcaption>${html(slide.altText)}</figcaption>` : ''}</figure>
    `;
    });
    out += `
  </div>
  <div class="product-meta">
    <h1 class="product-title">${html(item.title)}</h1>
    ${call(productPrice, ctx, item)}
    ${call(productStatus, ctx, item)}
    <div class="product-excerpt">${html(item.excerpt)}</div>
    ${test(hasVariants, ctx, item) ? call(variantsSelect, ctx, item) : ''}
    ${call(quantityInput, ctx, item)}
    ${call(addToCart, ctx, item)}
    ${item.tags?.length ? `<ul class="tags">${item.tags.map((t: string) => `<li>${html(t)}</li>`).join('')}</ul>` : ''}
  </div>
  <div class="product-description">${text(item.body)}</div>
  <section class="reviews">
    <h2>Reviews (${item.data?.reviews?.length ?? 0})</h2>
    `;
    const reviews: Data[] = item.data?.reviews ?? [];
    for (const r of reviews) {
      out += `
    <blockquote class="review">
      <p class="stars" aria-label="${text(r.rating)} out of 5">${r.rating * 20}%</p>
      <h3>${html(r.title)}</h3>
      <p>${html(r.body)}</p>
      <cite>${html(r.author)}</cite>
    </blockquote>
    `;
    }
    if (reviews.length === 0) out += `<p>No reviews yet.</p>
    `;
    out += `
  </section>
  `;
  }
  out += `
  `;
  if (d.related?.length) {
    out += `
  <section class="related"><h2>You may also like</h2>
    <ul class="product-grid">${d.related.map((p: Data, i: number) => productCard(p, ctx, i + 1)).join('')}</ul>
  </section>
  `;
  }
  return (
    out +
    `
</main>
${siteFooter(d, ctx)}
</body>
</html>
`
  );
}
