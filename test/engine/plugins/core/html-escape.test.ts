import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeHtmlAttribute } from '../../../../engine/plugins/core/html-escape.ts';

/** The reference's escaping, one UTF-16 unit at a time (the oracle for the fast paths and the memo). */
function oracle(text: string, quotes: boolean): string {
  let out = '';
  for (const unit of text.split('')) {
    if (unit === '&') out += '&amp;';
    else if (unit === '<') out += '&lt;';
    else if (unit === '>') out += '&gt;';
    else if (quotes && unit === '"') out += '&quot;';
    else out += unit;
  }
  return out;
}

describe('HTML escaping fast paths', () => {
  it('escapes each special character alone, at either end and repeated', () => {
    expect(escapeHtml('&')).toBe('&amp;');
    expect(escapeHtml('<')).toBe('&lt;');
    expect(escapeHtml('>')).toBe('&gt;');
    expect(escapeHtml('"')).toBe('"');
    expect(escapeHtmlAttribute('"')).toBe('&quot;');
    expect(escapeHtmlAttribute('<tag attr="v">&&')).toBe('&lt;tag attr=&quot;v&quot;&gt;&amp;&amp;');
    expect(escapeHtml('<tag>')).toBe('&lt;tag&gt;');
  });

  it('returns the text itself when nothing needs escaping: empty, quotes, U+2028, lone surrogates, long text', () => {
    for (const text of ['', "it's", '\u2028\u2029', '\ud800', 'x\udfffy', '\ud83d\ude00', 'é', 'a'.repeat(5000)]) {
      expect(escapeHtml(text)).toBe(text);
      expect(escapeHtmlAttribute(text)).toBe(text);
    }
  });

  it('agrees with the per-unit oracle on short and long text, again and again', () => {
    const unit = fc.constantFrom('a', '&', '<', '>', '"', "'", ' ', '\u2028', '\ud800', 'é');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 80 }), (text) => {
        for (let round = 0; round < 2; round++) {
          expect(escapeHtml(text)).toBe(oracle(text, false));
          expect(escapeHtmlAttribute(text)).toBe(oracle(text, true));
        }
      }),
    );
  });

  it('stays right after the memo of short texts has filled up and replaces its oldest entries', () => {
    const texts = Array.from({ length: 10_000 }, (_, i) => `<${i}>"${i % 7}"&`);
    for (const text of texts) expect(escapeHtmlAttribute(text)).toBe(oracle(text, true));
    for (const text of texts.slice(0, 50)) {
      expect(escapeHtmlAttribute(text)).toBe(oracle(text, true));
      expect(escapeHtml(text)).toBe(oracle(text, false));
    }
  });
});
