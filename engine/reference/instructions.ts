/**
 * Reference of the instructions: what a template author writes between `{` and `}`.
 * Each record names the opcodes (engine/syntax/opcodes.ts) it produces, so a test can
 * check that every opcode a template can produce is documented.
 */
import type { InstructionDoc } from './types.ts';

export const instructions: readonly InstructionDoc[] = [
  {
    name: 'Text',
    opcodes: ['TEXT'],
    syntax: ['any text'],
    summary:
      'Everything that is not an instruction is copied to the output as it is. A `{` that does not start a valid instruction stays text, so CSS, JSON and scripts need no escaping.',
    examples: [{ template: '<style>.a { color: red }</style>{"x": 1} {name}', data: { name: 'Hat' }, output: '<style>.a { color: red }</style>{"x": 1} Hat' }],
  },
  {
    name: 'Variable',
    opcodes: ['VARIABLE'],
    syntax: ['{name}', '{a.b.0}', '{@}', '{@index}', '{name|formatter args|formatter…}', '{a,b|formatter}'],
    summary:
      'Writes the value at a path, looked up from the innermost scope outward (`@` is the current scope, `@index`/`@index0` the 1-/0-based position in a `.repeated section`). Missing values, `null` and objects write nothing; a list writes its elements joined by commas. Formatters after `|` transform the value from left to right; several comma-separated variables give every value to the formatters that read two (`datetime-interval`, `relative-time`); without such a formatter only the first is written.',
    examples: [
      { template: '{product.title} costs {product.variants.0.price}', data: { product: { title: 'Hat', variants: [{ price: '12.00' }] } }, output: 'Hat costs 12.00' },
      { template: '{title|truncate 8|html}', data: { title: 'Tom & Jerry forever' }, output: 'Tom &amp; ...' },
      { template: '[{missing}] [{tags}] [{price}]', data: { tags: ['wool', 'winter'], price: 12.5 }, output: '[] [wool,winter] [12.5]' },
    ],
  },
  {
    name: '.section',
    opcodes: ['SECTION'],
    syntax: ['{.section path}…{.or}…{.end}'],
    summary:
      'Enters the value at `path` when it is present and not empty (not missing, `null`, `false`, `0`, `""`, `[]` or `{}`): inside, names are looked up in that value first. Otherwise the `.or` branch runs, if any.',
    examples: [
      { template: '{.section author}by {name}{.or}anonymous{.end}', data: { author: { name: 'Ada' } }, output: 'by Ada' },
      { template: '{.section author}by {name}{.or}anonymous{.end}', data: { author: {} }, output: 'anonymous' },
    ],
  },
  {
    name: '.repeated section',
    opcodes: ['REPEATED'],
    syntax: ['{.repeated section path}…{.alternates with}…{.or}…{.end}'],
    summary:
      'Runs its body once for each element of the list at `path`, with the element as the scope; `.alternates with` runs between two elements and `.or` when the list is empty or missing.',
    examples: [
      { template: '<ul>{.repeated section items}<li>{@index}. {title}</li>{.or}<li>Nothing yet</li>{.end}</ul>', data: { items: [{ title: 'Hat' }, { title: 'Scarf' }] }, output: '<ul><li>1. Hat</li><li>2. Scarf</li></ul>' },
    ],
  },
  {
    name: '.alternates with',
    opcodes: ['ALTERNATES_WITH'],
    syntax: ['{.repeated section path}…{.alternates with}separator{.end}'],
    summary: 'Inside a `.repeated section`: what is written between two elements (never before the first or after the last).',
    examples: [{ template: '{.repeated section tags}{@}{.alternates with}, {.end}', data: { tags: ['wool', 'winter', 'hat'] }, output: 'wool, winter, hat' }],
  },
  {
    name: '.or',
    opcodes: ['OR_PREDICATE'],
    syntax: ['{.or}', '{.or predicate? args}'],
    summary:
      'The alternative branch of a `.section`, `.repeated section`, predicate or `.if`. With a predicate it is an "else if": several can follow one another.',
    examples: [
      { template: '{.equal? stock 0}Sold out{.or lessThan? stock 5}Only {stock} left{.or}In stock{.end}', data: { stock: 3 }, output: 'Only 3 left' },
    ],
  },
  {
    name: 'Predicate',
    opcodes: ['PREDICATE'],
    syntax: ['{.name? args}…{.or}…{.end}'],
    summary:
      'Runs its body when the predicate holds for the current scope (every predicate name ends with `?`; see the predicates below). Arguments are separated by spaces, or by the first character after the name when it is not a space (`{.equal?:title:"Wool hat"}`), which lets an argument contain spaces.',
    examples: [{ template: '{.section product}{.on-sale?}<em>Sale</em>{.or}Regular{.end}{.end}', data: { product: { structuredContent: { productType: 1, variants: [{ price: 1000, onSale: true, salePrice: 800, qtyInStock: 3 }] } } }, output: '<em>Sale</em>' }],
  },
  {
    name: '.if',
    opcodes: ['IF'],
    syntax: ['{.if a}…{.end}', '{.if a && b}', '{.if a || b}', '{.if predicate? args}'],
    summary:
      'Runs its body when the variables are truthy, joined by `&&` or `||` and read from left to right without precedence; unlike `.section` it does not change the scope. It also takes one predicate with its arguments.',
    examples: [
      { template: '{.if title && image}<figure>{title}</figure>{.or}{title}{.end}', data: { title: 'Hat', image: { assetUrl: '/hat.jpg' } }, output: '<figure>Hat</figure>' },
      { template: '{.if sale || featured}★{.end}{title}', data: { title: 'Hat', sale: false, featured: true }, output: '★Hat' },
    ],
  },
  {
    name: '.var',
    opcodes: ['BINDVAR'],
    syntax: ['{.var @name path}', '{.var @name path|formatter args…}'],
    summary:
      'Binds a variable `@name` to a value (after its formatters) for the rest of the enclosing block; inner blocks see it, outer ones do not.',
    examples: [{ template: '{.var @price product.variants.0.price|money-format}{.section product}{title}: {@price}{.end}', data: { product: { title: 'Hat', variants: [{ price: 1250 }] } }, output: 'Hat: 12.50' }],
  },
  {
    name: '.ctx',
    opcodes: ['CTXVAR'],
    syntax: ['{.ctx @name key=path key=path…}'],
    summary: 'Builds a small object `@name` from several values, e.g. to hand exactly the data a macro needs to `apply`.',
    examples: [{ template: '{.ctx @card t=item.title p=item.price}{@card.t} ({@card.p}) {@card|json}', data: { item: { title: 'Hat', price: '12.00', id: 7 } }, output: 'Hat (12.00) {"t":"Hat","p":"12.00"}' }],
  },
  {
    name: '.eval',
    opcodes: ['EVAL'],
    syntax: ['{.eval expression}', '{.eval @name = expression; expression}'],
    summary:
      'Evaluates an expression (JavaScript-like operators and precedence, strings, numbers, `@variables`, functions `max min abs num str bool`) and writes its value; assignments to `@names` define variables and write nothing.',
    examples: [{ template: '{.eval @total = price * qty}{.eval @total + shipping} (items {@total})', data: { price: 12.5, qty: 2, shipping: 5 }, output: '30 (items 25)' }],
  },
  {
    name: '.macro',
    opcodes: ['MACRO'],
    syntax: ['{.macro name}…{.end}'],
    summary: 'Defines a reusable block in the template itself; `{value|apply name}` or `{.include name output}` renders it, like a partial.',
    examples: [{ template: '{.macro price-tag}<span class="price">{price}</span>{.end}{.repeated section items}{@|apply price-tag}{.end}', data: { items: [{ price: '1.00' }, { price: '2.50' }] }, output: '<span class="price">1.00</span><span class="price">2.50</span>' }],
  },
  {
    name: '.include',
    opcodes: ['INCLUDE'],
    syntax: ['{.include name}', '{.include name output}'],
    summary:
      'Runs a macro or partial in the current scope. With `output` its text is written; without, it runs only for what it defines (variables, macros), which is how shared definitions are loaded.',
    examples: [
      {
        template: '{.include header output}{.include labels}<p>{@sale}</p>',
        data: { site: 'Shop', saleLabel: 'Sale' },
        partials: { header: '<h1>{site}</h1>', labels: '{.var @sale saleLabel}ignored text' },
        output: '<h1>Shop</h1><p>Sale</p>',
        note: 'The `labels` partial is included without `output`: its text is dropped, the variable it defines stays.',
      },
    ],
  },
  {
    name: '.inject',
    opcodes: ['INJECT'],
    syntax: ['{.inject @name path}'],
    summary: 'Reads a file the host provides (such as a JSON file of labels) into the variable `@name`: JSON text is parsed, other text kept as text, a missing file gives nothing.',
    examples: [{ template: '{.inject @labels labels.json}{@labels.addToCart}', data: {}, injects: { 'labels.json': '{"addToCart": "Add to cart"}' }, output: 'Add to cart' }],
  },
  {
    name: '.end',
    opcodes: ['END'],
    syntax: ['{.end}'],
    summary: 'Closes the innermost open block (`.section`, `.repeated section`, predicate, `.if`, `.macro`). A block left open is a syntax error.',
    examples: [{ template: '{.section a}{.section b}{c}{.end}{.end}', data: { a: { b: { c: 'inner' } } }, output: 'inner' }],
  },
  {
    name: '.eof',
    opcodes: ['EOF'],
    syntax: ['{.eof}'],
    summary:
      'Marks the end of the template. The parser adds it after the last character of every template, so authors never need to write it; text after a written `{.eof}` is not rendered (the references report it as an error).',
    examples: [{ template: 'Thanks!{.eof}', data: {}, output: 'Thanks!' }],
  },
  {
    name: 'Comments',
    opcodes: ['COMMENT'],
    syntax: ['{# comment}', '{## comment that may span lines ##}'],
    summary: 'Write nothing. A `{#` comment ends at the first `}`; a `{##` comment at `##}` and may contain braces and newlines.',
    examples: [{ template: 'a{# one line }b{## {.section x}\n  disabled ##}c', data: {}, output: 'abc' }],
  },
  {
    name: '.meta-left, .meta-right',
    opcodes: ['META_LEFT', 'META_RIGHT'],
    syntax: ['{.meta-left}', '{.meta-right}'],
    summary: 'Write a literal `{` and `}`, e.g. to show template syntax on a page.',
    examples: [{ template: '{.meta-left}title{.meta-right}', data: {}, output: '{title}' }],
  },
  {
    name: '.space, .tab, .newline',
    opcodes: ['SPACE', 'TAB', 'NEWLINE'],
    syntax: ['{.space}', '{.tab}', '{.newline}'],
    summary: 'Write one space, tab or newline: whitespace that survives editors and minifiers.',
    examples: [{ template: 'a{.space}b{.tab}c{.newline}d', data: {}, output: 'a b\tc\nd' }],
  },
];

/**
 * Opcodes of the instruction tree that no template text produces: the tree's
 * root node and the references' generic JSON containers.
 */
export const internalOpcodes: readonly string[] = ['ROOT', 'STRUCT', 'ATOM'];
