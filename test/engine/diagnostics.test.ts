import { describe, expect, it } from 'vitest';
import { codeFrame, closestName, compile, defaultRegistry, hintFor, PluginRegistry, tagAt } from '../../engine/index.ts';
import { FRAME_LINE_WIDTH } from '../../engine/diagnostics/code-frame.ts';
import { pluginUsage } from '../../engine/diagnostics/plugin-usage.ts';
import { closestNames, likelyNames, likelyPartials } from '../../engine/diagnostics/suggest.ts';
import { messages } from '../../engine/messages.ts';
import { pluginDoc } from '../../engine/reference/index.ts';

describe('code frames', () => {
  const source = ['one', 'two', 'three {x|htmll}', 'four', 'five', 'six'].join('\n');

  it('shows two numbered lines before and after, with a caret under the column', () => {
    expect(codeFrame(source, 3, 7)).toBe(
      ['  1 | one', '  2 | two', '> 3 | three {x|htmll}', '    |       ^', '  4 | four', '  5 | five'].join('\n'),
    );
  });

  it('stops at the first and last lines and pads the gutter to the widest number', () => {
    const many = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n');
    expect(codeFrame(many, 10, 1)).toBe(['   8 | line 8', '   9 | line 9', '> 10 | line 10', '     | ^'].join('\n'));
    expect(codeFrame('only', 1, 3)).toBe(['> 1 | only', '    |   ^'].join('\n'));
  });

  it('keeps tabs under the caret and is empty for a line outside the source', () => {
    expect(codeFrame('\t{a|b}', 1, 2).split('\n')[1]).toBe('    | \t^');
    expect(codeFrame(source, 0, 1)).toBe('');
    expect(codeFrame(source, 99, 1)).toBe('');
  });

  it('shows a long error line (a minified template, an inline SVG) as a window around the column, so the caret stays on screen', () => {
    const long = `${'<i>'.repeat(1000)}{x|htmll}${'</i>'.repeat(1000)}`;
    const column = 3001;
    const frame = codeFrame(['a', long, 'b'].join('\n'), 2, column).split('\n');
    const start = column - 1 - FRAME_LINE_WIDTH / 2;
    expect(frame[0]).toBe('  1 | …'); // a line before the window still shows it has text
    expect(frame[1]).toBe(`> 2 | …${long.slice(start, start + FRAME_LINE_WIDTH)}…`);
    expect(frame[2]).toBe(`    | ${' '.repeat(1 + FRAME_LINE_WIDTH / 2)}^`);
    expect(frame[1]!.charAt(frame[2]!.indexOf('^'))).toBe('{'); // the caret under the tag
    // near the start, the window starts at the line's start; near the end, it ends at the line's end
    expect(codeFrame(long, 1, 5).split('\n')[0]).toBe(`> 1 | ${long.slice(0, FRAME_LINE_WIDTH)}…`);
    expect(codeFrame(long, 1, long.length).split('\n')[0]).toBe(`> 1 | …${long.slice(-FRAME_LINE_WIDTH)}`);
    // a line within the width is shown whole, as before
    expect(codeFrame('x'.repeat(FRAME_LINE_WIDTH), 1, 1).split('\n')[0]).toBe(`> 1 | ${'x'.repeat(FRAME_LINE_WIDTH)}`);
  });

  it('cuts the window to a given width, for a screen narrower than a terminal', () => {
    const line = '  <div class="loading-spinner"></div><p id="e">{.section items}BROKEN</p>';
    const column = line.indexOf('{') + 1;
    const frame = codeFrame(line, 1, column, { width: 24 }).split('\n');
    expect(frame[0]).toBe(`> 1 | …${line.slice(column - 13, column + 11)}…`);
    expect(frame[0]!.charAt(frame[1]!.indexOf('^'))).toBe('{'); // the caret under the tag
    expect(codeFrame(line, 1, column)).toBe(`> 1 | ${line}\n    | ${' '.repeat(column - 1)}^`); // the terminal's width keeps it whole
  });

  it('paints only when asked', () => {
    expect(codeFrame(source, 3, 7)).not.toContain('\u001b[');
    expect(codeFrame(source, 3, 7, { color: true })).toContain('\u001b[31m^');
  });
});

describe('did-you-mean hints', () => {
  it('suggests the closest registered formatter or predicate', () => {
    expect(hintFor(messages.formatterUnknown('htmll'), defaultRegistry)).toBe("did you mean 'html'?");
    expect(hintFor(messages.predicateUnknown('equl?'), defaultRegistry)).toBe("did you mean 'equal?'?");
    // every name as close is offered, not the first of them
    expect(hintFor(messages.formatterUnknown('moneyformat'), defaultRegistry)).toBe("did you mean 'money-format' or 'moneyFormat'?");
    expect(hintFor(messages.partialMissing('card'), defaultRegistry, { partials: ['cart', 'cards', 'footer'] })).toBe("did you mean 'cart' or 'cards'?");
  });

  it('names the partial a missing one is with its extension, however far the names are as words', () => {
    const partials = ['post-meta.block', 'post-metas.block', 'navigation.block'];
    expect(hintFor(messages.partialMissing('post-meta'), defaultRegistry, { partials })).toBe("did you mean 'post-meta.block'?");
    expect(hintFor(messages.partialMissing('navigation'), defaultRegistry, { partials })).toBe("did you mean 'navigation.block'?");
  });

  it('offers the names that hold an unknown one as whole parts, or that it holds, when none is a likely typo', () => {
    expect(hintFor(messages.formatterUnknown('product-quantity-input'), defaultRegistry)).toBe("did you mean 'quantity-input'?");
    expect(hintFor(messages.formatterUnknown('quantity'), defaultRegistry)).toBe("did you mean 'cart-quantity' or 'quantity-input'?");
    // a few at most, those closest in length first
    expect(hintFor(messages.formatterUnknown('product'), defaultRegistry)).toBe("did you mean 'product-price' or 'product-status' or 'product-checkout'?");
    // a likely typo is offered alone
    expect(likelyNames('quantity-inpt', ['quantity-input', 'product-quantity-input-extra'])).toEqual(['quantity-input']);
  });

  it('does not let a short common part match every name that has it', () => {
    expect(likelyNames('is', ['is-even', 'this-is-it'])).toEqual([]);
    expect(likelyNames('a', ['a-list', 'make-a-list'])).toEqual([]);
    expect(likelyNames('x-is-y', ['is', 'a'])).toEqual([]);
    expect(likelyNames('zzz-qqq', defaultRegistry.formatterNames())).toEqual([]);
  });

  it('compares partial names without their shared extension, as the overlay and tmpl check both do', () => {
    const partials = ['site-navigation.block', 'nav.block', 'post-meta.block'];
    expect(likelyPartials('site-nav.block', partials)).toEqual(['site-navigation.block']);
    expect(likelyPartials('card.block', partials)).toEqual([]);
    expect(likelyPartials('post-mta', partials)).toEqual(['post-meta.block']);
    expect(hintFor(messages.partialMissing('site-nav.block'), defaultRegistry, { partials })).toBe("did you mean 'site-navigation.block'?");
  });

  it('names no formatter far from every registered one, pointing at the list instead; says nothing for other messages', () => {
    expect(hintFor(messages.formatterUnknown('zzzzzzzzzz'), defaultRegistry)).toBe(
      'no formatter has a name close to it: tmpl plugins lists every formatter (engine/REFERENCE.md says what each does)',
    );
    expect(hintFor(messages.partialMissing('card.block'), defaultRegistry)).toBeUndefined();
    expect(closestName('abc', [])).toBeUndefined();
  });

  it('counts two neighbouring letters typed the wrong way round as one slip', () => {
    const formatters = defaultRegistry.formatterNames();
    expect(closestName('slguify', formatters)).toBe('slugify');
    expect(closestName('htmlatrr', formatters)).toBe('htmlattr');
    // letter by letter, htmlattr is as near as htmltag: the swap makes the intended name the nearest
    expect(closestName('htmlatg', formatters)).toBe('htmltag');
    // short names allow one slip, which a swap now is
    expect(closestName('jsno', formatters)).toBe('json');
    expect(closestName('hmtl', formatters)).toBe('html');
    expect(closestName('moeny', formatters)).toBe('money');
    expect(hintFor(messages.predicateUnknown('eevn?'), defaultRegistry)).toBe("did you mean 'even?'?");
    expect(hintFor(messages.formatterUnknown('slguify'), defaultRegistry)).toBe("did you mean 'slugify'?");
  });

  it('offers every instruction as close as the closest to a mistyped keyword, before any predicate', () => {
    const hint = (keyword: string) => hintFor(messages.tagInvalidInstruction(keyword), defaultRegistry);
    // one letter from both .if and .or
    expect(hint('.of')).toBe("did you mean '.if' or '.or'?");
    expect(hint('.vr')).toBe("did you mean '.or' or '.var'?");
    expect(hint('.sectoin')).toBe("did you mean '.section'?");
    expect(hint('.od')).toBe("did you mean '.or'?");
    // written two ways (.repeated, .repeatedsection) but offered once
    expect(hint('.repeatd')).toBe("did you mean '.repeated section'?");
    expect(hint('.evn')).toBe("did you mean '.even?'?");
    expect(hint('.qqqq')).toBeUndefined();
  });

  it('lists equally close names in the order given, each close enough on its own length', () => {
    expect(closestNames('of', ['if', 'or', 'off'])).toEqual(['if', 'or', 'off']);
    expect(closestNames('abc', ['xyz'])).toEqual([]);
    expect(closestName('of', ['if', 'or'])).toBe('if');
  });

  it('still suggests nothing for a name unlike any registered one', () => {
    for (const name of ['bogus', 'foo', 'zzzzzzzzzz', 'qwerty']) {
      expect(closestName(name, defaultRegistry.formatterNames()), name).toBeUndefined();
    }
    expect(hintFor(messages.predicateUnknown('bogus?'), defaultRegistry)).toMatch(/^no predicate has a name close to it: tmpl plugins lists every predicate/);
  });
});

describe('hints for arguments a formatter or predicate does not take', () => {
  /** Each error of compiling `source`, with its hint as the tools give it (they pass the reference's usage). */
  const hints = (source: string) => compile(source).errors.map((e) => [e.message, hintFor(e.message, defaultRegistry, { usageOf: pluginUsage })]);

  it('shows the arguments and the forms the reference writes, after the reference message unchanged', () => {
    expect(hints('{body|truncate a b c d}')).toEqual([
      [messages.formatterArgs('truncate', messages.argsBadLength('a')), 'truncate takes [LENGTH] [ELLIPSIS]: {body|truncate 20} or {body|truncate 12 …}'],
    ]);
    expect(hints('{@|cycle}')).toEqual([[messages.formatterArgs('cycle', messages.argsNotEnough(1)), 'cycle takes VALUE…: {@index|cycle odd even}']]);
    expect(hints('{items|key-by}')[0]![1]).toBe('key-by takes PATH: {.var @byId items|key-by id}');
    // the refused tag is text, so its .end has no block to close: Java's safe mode reports both
    expect(hints('{.equal? a b c}x{.end}')[0]).toEqual([
      messages.predicateArgs('equal?', messages.argsTooMany(1, 2)),
      'equal? takes A [B]: {.equal? status "sold"} or {.equal? 1}',
    ]);
    expect(hints('{.if odd? 1 2}x{.end}')[0]![1]).toBe('odd? takes [NUMBER]: {.odd? count}');
  });

  it('reads them from the reference, so every plugin that checks its arguments has a form to show', () => {
    expect(pluginUsage('formatter', 'truncate')!.args).toBe(pluginDoc('formatter', 'truncate')!.args);
    for (const name of defaultRegistry.formatterNames()) {
      if (defaultRegistry.formatter(name)!.validate !== undefined) expect(pluginUsage('formatter', name)!.forms.length, name).toBeGreaterThan(0);
    }
    for (const name of defaultRegistry.predicateNames()) {
      if (defaultRegistry.predicate(name)!.validate !== undefined) expect(pluginUsage('predicate', name)!.forms.length, name).toBeGreaterThan(0);
    }
  });

  it('gives no hint for a plugin the reference does not document', () => {
    const registry = new PluginRegistry().addFormatters({ house: { validate: () => 'nope', apply: () => '' } });
    const [error] = compile('{@|house x}', { plugins: registry }).errors;
    expect(error!.message).toBe(messages.formatterArgs('house', 'nope'));
    expect(hintFor(error!.message, registry, { usageOf: pluginUsage })).toBeUndefined();
  });

  it('is given by the tools: the engine alone does not load the language reference for it', () => {
    expect(hintFor(messages.formatterArgs('truncate', messages.argsBadLength('a')), defaultRegistry)).toBeUndefined();
  });
});

describe('hints for blocks', () => {
  /** Each error of compiling `source`, with its hint. */
  const hints = (source: string) => compile(source).errors.map((e) => [e.message, hintFor(e.message, defaultRegistry)]);

  it('says which block needs its {.end}', () => {
    expect(hints('{.section a}x')).toEqual([
      [messages.unclosed('SECTION'), 'this {.section} has no {.end}: add one where the block should stop'],
      [messages.eofInBlock('SECTION'), 'the template ends inside a {.section}: a block above needs its {.end}'],
    ]);
    expect(hints('{.repeated section a}x{.or}y')[0]![1]).toBe('this {.or} branch has no {.end}: add one where the block should stop');
  });

  it('with the source, names where an {.end} left out deep inside most likely is, rather than only the outer block it leaves open', () => {
    // the {.section body} lacks its {.end}: it takes the {.if}'s, which takes the {.repeated section}'s
    const source = [
      '<ul>',
      '  {.repeated section items}',
      '    <li>',
      '      {.if title}',
      '        {.section body}<p>{@}</p>',
      '      {.end}',
      '    </li>',
      '  {.end}',
      '</ul>',
    ].join('\n');
    const errors = compile(source).errors;
    expect(errors.map((e) => [e.message, e.line])).toEqual([[messages.unclosed('REPEATED'), 2], [messages.eofInBlock('REPEATED'), 9]]);
    const where = "the {.section body} at line 5 takes the {.end} at line 6, indented as an outer block's, so an {.end} is most likely missing between lines 5 and 6";
    expect(errors.map((e) => hintFor(e.message, defaultRegistry, { source }))).toEqual([
      `this {.repeated section} has no {.end} left: ${where}`,
      `the template ends inside a {.repeated section}: ${where}`,
    ]);
    // the {.end} left out is the open block's own: nothing inside takes an outer block's tag
    const own = '{.section a}\n  {.if b}x{.end}\n';
    expect(hintFor(compile(own).errors[0]!.message, defaultRegistry, { source: own })).toBe('this {.section} has no {.end}: add one where the block should stop');
    // a block closed as written is searched no further, however loosely indented inside: the {.or}
    // below stands where its {.section b}'s would, but {.section b} takes its own {.end}
    const loose = ['<div>', '  {.section a}', '    {.section b}', '      {.if c}', '    {.or}', '      {.end}', '    {.end}', '</div>'].join('\n');
    expect(hintFor(compile(loose).errors[0]!.message, defaultRegistry, { source: loose })).toBe('this {.section} has no {.end}: add one where the block should stop');
  });

  it('says where an {.end}, {.or} or {.alternates with} may stand', () => {
    expect(hints('x{.end}')).toEqual([
      [messages.notAllowedAtRoot('END'), 'this {.end} has no open block to close: remove it, or look for a block closed twice or an opening tag with an error above'],
    ]);
    expect(hints('{.or}')[0]![1]).toBe('{.or} goes inside a {.section}, {.repeated section}, {.if} or predicate block, before its {.end}');
    // an {.end} for every opening tag as written: an opening tag above was refused (too few arguments), and this {.end} is to be kept
    const refused = '{.repeated section items}\n{.equal?}<span>Sold out</span>{.end}\n{.end}';
    const found = compile(refused).errors.map((error) => hintFor(error.message, defaultRegistry, { source: refused }));
    expect(found.at(-1)).toBe('this {.end} closes a block whose opening tag has an error above: fix that tag, and keep this {.end}');
    // an opening tag refused for its missing name or a mistyped keyword is as much an opening tag: its {.end} stays
    const keep = 'this {.end} closes a block whose opening tag has an error above: fix that tag, and keep this {.end}';
    for (const written of ['{.section}x{.end}', '{.if}a{.end}', '{.repeated section}x{.end}', '{.macro}x{.end}', '{.sectoin a}x{.end}', '{.repeted section items}x{.end}', '{.section a}{.section}x{.end}{.end}']) {
      const errors = compile(written).errors;
      const end = errors.find((error) => error.message === messages.notAllowedAtRoot('END'))!;
      expect(hintFor(end.message, defaultRegistry, { source: written, at: end }), written).toBe(keep);
    }
    // of two stray {.end}s after one refused opening tag, the first is its own and the second written twice
    const twice = '{.section}x{.end}{.end}';
    const ends = compile(twice).errors.filter((error) => error.message === messages.notAllowedAtRoot('END'));
    expect(ends.map((end) => hintFor(end.message, defaultRegistry, { source: twice, at: end })!.split(':')[0])).toEqual([
      'this {.end} closes a block whose opening tag has an error above',
      'this {.end} has no open block to close',
    ]);
    // one {.end} more than the opening tags: this one is written twice
    expect(hintFor(messages.notAllowedAtRoot('END'), defaultRegistry, { source: '{.section a}x{.end}{.end}' })).toMatch(/^this \{\.end\} has no open block to close: remove it/);
    expect(hints('{.section a}{.alternates with}{.end}')[0]).toEqual([
      messages.notAllowedInBlock('ALTERNATES_WITH', 'SECTION'),
      '{.alternates with} goes inside a {.repeated section}, before its {.or} and {.end}',
    ]);
    expect(hints('{.repeated section a}{.alternates with}{.alternates with}{.end}')[0]![1]).toBe('a {.repeated section} takes one {.alternates with}');
    expect(hints('{.macro m}{.or}{.end}')[0]![1]).toBe('a {.macro} has no alternative: it cannot take an {.or}');
    expect(hints('{.section a}{.or}{.or}{.end}')).toEqual([
      [messages.deadCode('OR_PREDICATE'), 'a plain {.or} already takes every remaining case, so nothing after it in this block runs'],
    ]);
  });
});

describe('hints for an instruction written without what it needs', () => {
  /** Each error of compiling `source`: its message, the tag it points at, and the hint for both. */
  const hints = (source: string) =>
    compile(source).errors.map((e) => {
      const tag = tagAt(source, e.line, e.column);
      return [e.message, tag, hintFor(e.message, defaultRegistry, { tag })];
    });

  it('shows the correct form after the reference message, which stays as it is', () => {
    expect(hints('<p>{.section}</p>')).toEqual([
      [messages.tagWhitespaceExpected(''), '{.section}', '{.section} needs the name of a value: {.section name}…{.end}'],
    ]);
    expect(hints('{.section }')[0]![0]).toBe(messages.tagVariableExpected(''));
    expect(hints('{.section }')[0]![2]).toBe('{.section} needs the name of a value: {.section name}…{.end}');
    for (const source of ['{.repeated section}', '{.repeated section }', '{.repeated}', '{.repeated }']) {
      expect(hints(source)[0]![2]).toBe('{.repeated section} needs the name of a list: {.repeated section name}…{.end}');
    }
    for (const source of ['{.if}', '{.if }']) expect(hints(source)[0]![2]).toBe('{.if} needs something to test: {.if name}…{.end}');
    expect(hints('{.if }')[0]![0]).toBe(messages.tagIfEmpty);
    for (const source of ['{.var}', '{.var }', '{.var @a}', '{.var @a }']) expect(hints(source)[0]![2]).toBe('{.var} needs a name and a value: {.var @name path}');
    expect(hints('{.macro }')[0]).toEqual([messages.tagMacroName, '{.macro }', '{.macro} needs a name: {.macro name}…{.end}']);
    expect(hints('{.ctx @c}')[0]![2]).toBe('{.ctx} needs a name and bindings: {.ctx @name key=path}');
    expect(hints('{.inject @i}')[0]![2]).toBe('{.inject} needs a name and a file: {.inject @name file.json}');
    expect(hints('{.alternates}')[0]![2]).toBe("{.alternates} needs its 'with': {.alternates with}");
  });

  it('finds the tag on its own line of the source, and gives no such hint without it or for other shapes', () => {
    expect(tagAt('a\n  {.if}b', 2, 3)).toBe('{.if}');
    expect(tagAt('{.if', 1, 1)).toBe('{.if');
    expect(tagAt('{.if}', 1, 2)).toBeUndefined();
    expect(tagAt('{.if}', 0, 1)).toBeUndefined();
    expect(hintFor(messages.tagWhitespaceExpected(''), defaultRegistry)).toBeUndefined();
    expect(hintFor(messages.tagWhitespaceExpected(''), defaultRegistry, { tag: '{a|b}' })).toBeUndefined();
    expect(hints('{.section a b}')[0]![2]).toBeUndefined();
  });
});
