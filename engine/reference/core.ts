/** Reference of the core plugins (engine/plugins/core): text, escaping, JSON, lookups, numbers, comparisons. */
import { messages } from '../messages.ts';
import type { DomainReference } from './types.ts';

export const coreReference: DomainReference = {
  domain: 'core',
  title: 'Core',
  intro:
    'Formatters and predicates every template uses: escaping, JSON, reaching into data, counting, text shaping, and comparisons. ' +
    'Predicate operands are variables or literals (numbers, `"strings"`, `true`, `false`, `null`), separated by spaces or, for text with spaces, by the character after the name (`{.equal?:title:"Wool hat"}`); with one operand a comparison tests the current value (`@`).',
  formatters: {
    apply: {
      args: 'NAME [private] [KEY=VALUE…]',
      summary: 'Renders the partial or macro NAME with the value as its scope; `private` stops lookups at that scope, KEY=VALUE pairs arrive as `@args`.',
      examples: [
        {
          template: '{author|apply byline}',
          data: { author: { name: 'Ada' } },
          partials: { byline: 'by <b>{name}</b>' },
          output: 'by <b>Ada</b>',
        },
        {
          template: '{author|apply byline label=Written}',
          data: { author: { name: 'Ada' } },
          partials: { byline: '{@args.label} by {name}' },
          output: 'Written by Ada',
        },
        {
          template: '[{author|apply byline}]',
          data: { author: { name: 'Ada' } },
          output: '[]',
          errors: [messages.partialMissing('byline')],
          note: 'A missing partial writes nothing and is reported as a render error (`tmpl render` prints it with its position).',
        },
      ],
    },
    html: {
      args: '',
      summary: 'Escapes `&`, `<` and `>` for HTML text.',
      examples: [{ template: '<p>{title|html}</p>', data: { title: 'Salt & <Pepper>' }, output: '<p>Salt &amp; &lt;Pepper&gt;</p>' }],
    },
    htmlattr: {
      args: '',
      summary: 'Escapes a value for an HTML attribute: `&`, `<`, `>` and `"`.',
      examples: [{ template: '<img alt="{title|htmlattr}">', data: { title: 'The "best" <hat>' }, output: '<img alt="The &quot;best&quot; &lt;hat&gt;">' }],
    },
    htmltag: {
      args: '',
      summary: 'The same escaping as `htmlattr`, kept under the older name.',
      examples: [{ template: '<a title="{title|htmltag}">', data: { title: 'Fish & "Chips"' }, output: '<a title="Fish &amp; &quot;Chips&quot;">' }],
    },
    'encode-space': {
      args: '',
      summary: 'Replaces each whitespace character (space, tab, newline) with `&nbsp;`.',
      examples: [{ template: '{price|encode-space}', data: { price: '12 500 kr' }, output: '12&nbsp;500&nbsp;kr' }],
    },
    'encode-uri': {
      args: '',
      summary: 'Percent-encodes a whole URL (as JavaScript `encodeURI`): reserved characters such as `/`, `?` and `&` stay.',
      examples: [{ template: '{url|encode-uri}', data: { url: '/search?q=blue shoes&page=2' }, output: '/search?q=blue%20shoes&page=2' }],
    },
    'encode-uri-component': {
      args: '',
      summary: 'Percent-encodes one URL component (as JavaScript `encodeURIComponent`).',
      examples: [{ template: '/search?q={q|encode-uri-component}', data: { q: 'salt & pepper/mill' }, output: '/search?q=salt%20%26%20pepper%2Fmill' }],
    },
    'url-encode': {
      args: '',
      summary: 'Form-encodes a value (`application/x-www-form-urlencoded`): spaces become `+`.',
      examples: [{ template: '?q={q|url-encode}', data: { q: 'salt & pepper' }, output: '?q=salt+%26+pepper' }],
    },
    json: {
      args: '',
      summary: 'The value as compact JSON, safe inside a `<script>` element (every `</` is written `<\\/`).',
      examples: [{ template: '<script>var item = {item|json};</script>', data: { item: { id: 7, title: '</script>' } }, output: '<script>var item = {"id":7,"title":"<\\/script>"};</script>' }],
    },
    'json-pretty': {
      args: '',
      summary: 'The value as indented JSON (two spaces), script-safe like `json`.',
      examples: [{ template: '{item|json-pretty}', data: { item: { id: 7, size: { w: 2 } } }, output: '{\n  "id": 7,\n  "size": {\n    "w": 2\n  }\n}' }],
    },
    raw: {
      args: '',
      summary: 'The value as compact JSON, without the script escaping of `json`.',
      examples: [{ template: '{item|raw}', data: { item: { title: '<b>' } }, output: '{"title":"<b>"}' }],
    },
    str: {
      args: '',
      summary: 'The value as text: a number or boolean becomes its text, an object or list becomes empty.',
      examples: [{ template: '[{n|str}] [{flag|str}] [{obj|str}]', data: { n: 3.5, flag: true, obj: { a: 1 } }, output: '[3.5] [true] []' }],
    },
    get: {
      args: 'VARIABLE…',
      summary: 'Steps into the value by the values of the named variables (a number is an index, text a key).',
      examples: [{ template: '{prices|get size}', data: { prices: { S: '10.00', M: '12.00' }, size: 'M' }, output: '12.00' }],
    },
    prop: {
      args: 'PATH…',
      summary: 'Steps into the value by the literal paths written (dotted paths and indexes).',
      examples: [{ template: '{product|prop images.0.url}', data: { product: { images: [{ url: '/a.jpg' }, { url: '/b.jpg' }] } }, output: '/a.jpg' }],
    },
    lookup: {
      args: 'VARIABLE',
      summary: 'The variable whose name is the text of VARIABLE (an indirect lookup).',
      examples: [{ template: '{@|lookup field}', data: { field: 'title', title: 'Blue Hat' }, output: 'Blue Hat' }],
    },
    'key-by': {
      args: 'PATH',
      summary: 'Turns a list into an object keyed by the text at PATH in each element.',
      examples: [{ template: '{.var @byId items|key-by id}{@byId.b2.name}', data: { items: [{ id: 'a1', name: 'Hat' }, { id: 'b2', name: 'Scarf' }] }, output: 'Scarf' }],
    },
    'find-first': {
      args: '[LOOKUP] PATH',
      summary: 'The first element of a list whose value at PATH is truthy; with LOOKUP, each element is a key into the LOOKUP object and the value found there is tested at PATH.',
      examples: [
        { template: '{items|find-first featured|prop name}', data: { items: [{ name: 'Hat' }, { name: 'Scarf', featured: true }, { name: 'Glove', featured: true }] }, output: 'Scarf' },
      ],
    },
    'find-last': {
      args: '[LOOKUP] PATH',
      summary: 'Like `find-first`, searching from the end of the list.',
      examples: [
        { template: '{items|find-last featured|prop name}', data: { items: [{ name: 'Hat' }, { name: 'Scarf', featured: true }, { name: 'Glove', featured: true }] }, output: 'Glove' },
      ],
    },
    count: {
      args: '',
      summary: 'The number of elements of a list, keys of an object or characters of a text (0 for anything else).',
      examples: [{ template: '{items|count} items', data: { items: ['a', 'b', 'c'] }, output: '3 items' }],
    },
    mod: {
      args: '[DIVISOR]',
      summary: 'The remainder of the whole number divided by DIVISOR (default 2).',
      examples: [{ template: '{n|mod 3}', data: { n: 10 }, output: '1' }],
    },
    round: {
      args: '',
      summary: 'Rounds a number to the nearest whole number (halves round up).',
      examples: [{ template: '{rating|round}', data: { rating: 4.5 }, output: '5' }],
    },
    iter: {
      args: '',
      summary: 'The 1-based position of the current element in the innermost `.repeated section` (as `@index`).',
      examples: [{ template: '{.repeated section items}{@|iter}.{@} {.end}', data: { items: ['red', 'green'] }, output: '1.red 2.green ' }],
    },
    slugify: {
      args: '',
      summary: 'Lower-case words joined by `-`, without punctuation: text fit for a URL or an id.',
      examples: [{ template: '{title|slugify}', data: { title: 'Summer Sale: 20% off!' }, output: 'summer-sale-20-off' }],
    },
    smartypants: {
      args: '',
      summary: 'Typographic punctuation: curly quotes and apostrophes, and `--` as an em dash.',
      examples: [{ template: '{quote|smartypants}', data: { quote: 'It\'s "new" -- and warm.' }, output: 'It’s “new” — and warm.' }],
    },
    safe: {
      args: '',
      summary: 'Removes HTML tags from text (falsy values pass through unchanged).',
      examples: [{ template: '{excerpt|safe}', data: { excerpt: '<p>Soft <b>wool</b> hat</p>' }, output: 'Soft wool hat' }],
    },
    truncate: {
      args: '[LENGTH] [ELLIPSIS]',
      summary: 'Cuts text at a word boundary before LENGTH characters (default 100) and appends ELLIPSIS (default `...`).',
      examples: [
        { template: '{body|truncate 20}', data: { body: 'A soft wool hat for cold winter mornings.' }, output: 'A soft wool hat for ...' },
        { template: '{body|truncate 12 …}', data: { body: 'A soft wool hat for cold winter mornings.' }, output: 'A soft wool …' },
      ],
    },
    'line-breaks': {
      args: '',
      summary: 'Turns each newline into `<br/>`.',
      examples: [{ template: '{address|line-breaks}', data: { address: '1 Main St\nSpringfield' }, output: '1 Main St<br/>Springfield' }],
    },
    output: {
      args: 'TEXT…',
      summary: 'Replaces the value with its arguments joined by spaces.',
      examples: [{ template: '{@|output Sold out}', data: {}, output: 'Sold out' }],
    },
    pluralize: {
      args: '[[SINGULAR] PLURAL]',
      summary: 'Chooses a word by a whole number: `s` (or PLURAL) unless it is 1, then `` (or SINGULAR).',
      examples: [
        { template: '{n} item{n|pluralize}', data: { n: 3 }, output: '3 items' },
        { template: '{n} {n|pluralize child children}', data: { n: 1 }, output: '1 child' },
      ],
    },
    cycle: {
      args: 'VALUE…',
      summary: 'The argument at the 1-based position given by the number, wrapping around: stripes and rotations.',
      examples: [{ template: '{.repeated section rows}{@index|cycle odd even} {.end}', data: { rows: [1, 2, 3] }, output: 'odd even odd ' }],
    },
    format: {
      args: 'VARIABLE…',
      summary: 'Fills the `{0}`, `{1}`… placeholders of the text with the values of the named variables.',
      examples: [{ template: '{pattern|format count total}', data: { pattern: 'Showing {0} of {1}', count: 10, total: 42 }, output: 'Showing 10 of 42' }],
    },
  },
  predicates: {
    'equal?': {
      args: 'A [B]',
      summary: 'A equals B (or the current value equals A), without conversion: `3` is not `"3"`, nor the floating `3.0`; objects and lists compare deeply.',
      examples: [
        { template: '{.equal? status "sold"}Sold{.or}Available{.end}', data: { status: 'sold' }, output: 'Sold' },
        { template: '{.section qty}{.equal? 1}one{.or}many{.end}{.end}', data: { qty: 1 }, output: 'one' },
        { template: '{.equal? n "3"}same{.or}different{.end}', data: { n: 3 }, output: 'different' },
      ],
    },
    'notEqual?': {
      args: 'A [B]',
      summary: 'The opposite of `equal?`.',
      examples: [{ template: '{.notEqual? country "US"}International shipping{.end}', data: { country: 'SE' }, output: 'International shipping' }],
    },
    'greaterThan?': {
      args: 'A [B]',
      summary: 'A is greater than B (or the current value greater than A); the left operand\'s type decides how the right is read: numbers numerically, text by character codes.',
      examples: [{ template: '{.greaterThan? stock 10}In stock{.or}Few left{.end}', data: { stock: 3 }, output: 'Few left' }],
    },
    'greaterThanOrEqual?': {
      args: 'A [B]',
      summary: 'A is greater than or equal to B (or the current value to A).',
      examples: [{ template: '{.greaterThanOrEqual? total 50}Free shipping{.end}', data: { total: 50 }, output: 'Free shipping' }],
    },
    'lessThan?': {
      args: 'A [B]',
      summary: 'A is less than B (or the current value less than A).',
      examples: [{ template: '{.lessThan? stock 5}Only {stock} left{.end}', data: { stock: 2 }, output: 'Only 2 left' }],
    },
    'lessThanOrEqual?': {
      args: 'A [B]',
      summary: 'A is less than or equal to B (or the current value to A).',
      examples: [{ template: '{.lessThanOrEqual? stock 0}Sold out{.end}', data: { stock: 0 }, output: 'Sold out' }],
    },
    'debug?': {
      args: '',
      summary: 'The context variable `debug` is truthy (a page asked for its debug output).',
      examples: [{ template: '{.debug?}<!-- {id} -->{.end}', data: { debug: true, id: 'p1' }, output: '<!-- p1 -->' }],
    },
    'even?': {
      args: '[NUMBER]',
      summary: 'The current value (or NUMBER) is an even whole number.',
      examples: [{ template: '{.repeated section items}{.even? @index}<b>{@}</b>{.or}{@}{.end}{.end}', data: { items: ['a', 'b', 'c'] }, output: 'a<b>b</b>c' }],
    },
    'odd?': {
      args: '[NUMBER]',
      summary: 'The current value (or NUMBER) is an odd whole number.',
      examples: [{ template: '{.odd? count}odd{.or}even{.end}', data: { count: 7 }, output: 'odd' }],
    },
    'nth?': {
      args: '[NUMBER] MODULUS',
      summary: 'The current value (or NUMBER) is a multiple of MODULUS: every third item, every fourth…',
      examples: [{ template: '{.repeated section items}{@}{.nth? @index 3}<hr>{.end}{.end}', data: { items: [1, 2, 3, 4, 5, 6] }, output: '123<hr>456<hr>' }],
    },
    'plural?': {
      args: '',
      summary: 'The current value, read as a whole number, is more than 1.',
      examples: [{ template: '{.section count}{.plural?}{@} items{.or}one item{.end}{.end}', data: { count: 4 }, output: '4 items' }],
    },
    'singular?': {
      args: '',
      summary: 'The current value, read as a whole number, is exactly 1.',
      examples: [{ template: '{.section count}{.singular?}one item{.or}{@} items{.end}{.end}', data: { count: 1 }, output: 'one item' }],
    },
  },
};
