/**
 * A product list written once per engine (our language, LiquidJS,
 * Handlebars) so that all of them produce the same HTML from the same data:
 * the list of products with a sale marker, an escaped title, a price and a
 * nested list of tags. Titles carry `&`, `<` and `>`, which every engine
 * escapes alike.
 */
import Handlebars from 'handlebars';
import { Liquid } from 'liquidjs';
import { readFileSync } from 'node:fs';
import { ours, reference, type LanguageEngine } from './engines.ts';

export const PRODUCT_LIST_SIZES = [10, 100, 1_000] as const;

const SQUARESPACE_LIST =
  '<ul class="products">\n' +
  '{.repeated section products}<li class="product{.if onSale} sale{.end}" data-id="{id}">' +
  '<a href="/shop/p/{urlId}">{title|html}</a> <span class="price">{price}</span>' +
  '<ul class="tags">{.repeated section tags}<li>{@|html}</li>{.end}</ul></li>\n{.end}</ul>\n';

const LIQUID_LIST =
  '<ul class="products">\n' +
  '{% for p in products %}<li class="product{% if p.onSale %} sale{% endif %}" data-id="{{ p.id }}">' +
  '<a href="/shop/p/{{ p.urlId }}">{{ p.title | escape }}</a> <span class="price">{{ p.price }}</span>' +
  '<ul class="tags">{% for t in p.tags %}<li>{{ t | escape }}</li>{% endfor %}</ul></li>\n{% endfor %}</ul>\n';

const HANDLEBARS_LIST =
  '<ul class="products">\n' +
  '{{#each products}}<li class="product{{#if onSale}} sale{{/if}}" data-id="{{id}}">' +
  '<a href="/shop/p/{{urlId}}">{{title}}</a> <span class="price">{{price}}</span>' +
  '<ul class="tags">{{#each tags}}<li>{{this}}</li>{{/each}}</ul></li>\n{{/each}}</ul>\n';

interface ListProduct {
  id: string;
  urlId: string;
  title: string;
  price: string;
  onSale: boolean;
  tags: string[];
}

/** `count` products cycled from the seed catalogue, each made distinct by its position. */
export function productListData(count: number): { products: ListProduct[] } {
  const seed = JSON.parse(readFileSync(new URL('../../fixtures/seed/products.json', import.meta.url), 'utf8')) as {
    urlId: string;
    title: string;
    variants: { priceCents: number }[];
    data?: { tags?: string[] };
  }[];
  const products: ListProduct[] = [];
  for (let i = 0; i < count; i++) {
    const p = seed[i % seed.length] as (typeof seed)[number];
    products.push({
      id: `p${i}`,
      urlId: `${p.urlId}-${i}`,
      title: i % 5 === 0 ? `${p.title} & <Co>` : p.title,
      price: ((p.variants[0]?.priceCents ?? 0) / 100).toFixed(2),
      onSale: i % 3 === 0,
      tags: p.data?.tags?.length ? p.data.tags : ['misc'],
    });
  }
  return { products };
}

export interface ListEngine {
  name: string;
  /** Compiles the engine's product-list template; returns a render function. */
  prepare: (data: unknown) => () => string;
  /** Compiles only (timed as parse). */
  compile: () => unknown;
}

function languageEngine(engine: LanguageEngine): ListEngine {
  return {
    name: engine.name,
    prepare: (data) => engine.prepare({ source: SQUARESPACE_LIST, data }).render,
    compile: () => engine.compile(SQUARESPACE_LIST),
  };
}

const liquid = new Liquid();
const handlebars = Handlebars.create();

export const LIST_ENGINES: readonly ListEngine[] = [
  languageEngine(ours),
  languageEngine(reference),
  {
    name: 'liquidjs',
    prepare: (data) => {
      const tpl = liquid.parse(LIQUID_LIST);
      return () => liquid.renderSync(tpl, data as object) as string;
    },
    compile: () => liquid.parse(LIQUID_LIST),
  },
  {
    name: 'handlebars',
    prepare: (data) => {
      const tpl = handlebars.compile(HANDLEBARS_LIST);
      return () => tpl(data);
    },
    // Handlebars compiles lazily on the first call; precompile is its full compile to code.
    compile: () => handlebars.precompile(HANDLEBARS_LIST),
  },
];
