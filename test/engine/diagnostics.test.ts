import { describe, expect, it } from 'vitest';
import { codeFrame, closestName, compile, defaultRegistry, hintFor } from '../../engine/index.ts';
import { messages } from '../../engine/messages.ts';

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

  it('paints only when asked', () => {
    expect(codeFrame(source, 3, 7)).not.toContain('\u001b[');
    expect(codeFrame(source, 3, 7, { color: true })).toContain('\u001b[31m^');
  });
});

describe('did-you-mean hints', () => {
  it('suggests the closest registered formatter or predicate', () => {
    expect(hintFor(messages.formatterUnknown('htmll'), defaultRegistry)).toBe("did you mean 'html'?");
    expect(hintFor(messages.predicateUnknown('equl?'), defaultRegistry)).toBe("did you mean 'equal?'?");
  });

  it('says nothing for names far from every registered one, or for other messages', () => {
    expect(hintFor(messages.formatterUnknown('zzzzzzzzzz'), defaultRegistry)).toBeUndefined();
    expect(hintFor(messages.partialMissing('card.block'), defaultRegistry)).toBeUndefined();
    expect(closestName('abc', [])).toBeUndefined();
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

  it('says where an {.end}, {.or} or {.alternates with} may stand', () => {
    expect(hints('x{.end}')).toEqual([[messages.notAllowedAtRoot('END'), 'this {.end} has no open block to close: remove it, or look for a block closed twice']]);
    expect(hints('{.or}')[0]![1]).toBe('{.or} goes inside a {.section}, {.repeated section}, {.if} or predicate block, before its {.end}');
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
