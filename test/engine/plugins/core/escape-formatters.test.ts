import { describe, expect, it } from 'vitest';
import { runFormatter } from './apply-core.ts';

describe('html escaping', () => {
  it('html escapes & < > only', () => {
    expect(runFormatter('html', `<a href="x">Tom & 'Jerry'</a>`)).toBe(`&lt;a href="x"&gt;Tom &amp; 'Jerry'&lt;/a&gt;`);
  });

  it('htmlattr and htmltag also escape the double quote but not the single quote', () => {
    for (const name of ['htmlattr', 'htmltag']) {
      expect(runFormatter(name, `say "hi" & 'bye' <b>`)).toBe(`say &quot;hi&quot; &amp; 'bye' &lt;b&gt;`);
    }
  });

  it('treats null as blank and numbers as their text', () => {
    expect(runFormatter('html', null)).toBe('');
    expect(runFormatter('htmlattr', 3.5)).toBe('3.5');
    expect(runFormatter('html', { a: 1 })).toBe('');
  });
});

describe('encode-space', () => {
  it('replaces every whitespace character, tabs and newlines included', () => {
    expect(runFormatter('encode-space', 'a\tb\nc')).toBe('a&nbsp;b&nbsp;c');
    expect(runFormatter('encode-space', 'x y')).toBe('x&nbsp;y');
  });

  it('leaves the non-breaking space character alone', () => {
    expect(runFormatter('encode-space', 'a\u00a0b')).toBe('a\u00a0b');
  });
});

describe('URI encoding', () => {
  it('encode-uri keeps reserved characters and encodes the single quote', () => {
    expect(runFormatter('encode-uri', "http://x.com/a b?q=1&r=é#top'")).toBe(
      'http://x.com/a%20b?q=1&r=%C3%A9#top%27',
    );
  });

  it('encode-uri-component encodes reserved characters too', () => {
    expect(runFormatter('encode-uri-component', 'a/b?c=d&e f!~*()')).toBe('a%2Fb%3Fc%3Dd%26e%20f!~*()');
  });

  it('encodes characters outside the basic plane as four bytes', () => {
    expect(runFormatter('encode-uri-component', '😀')).toBe('%F0%9F%98%80');
  });

  it('gives the text null for a lone surrogate', () => {
    expect(runFormatter('encode-uri', 'a\ud800b')).toBe('null');
    expect(runFormatter('encode-uri-component', '\udc00')).toBe('null');
  });

  it('reads null as the text "null"', () => {
    expect(runFormatter('encode-uri', null)).toBe('null');
  });

  it('url-encode uses form encoding: plus for space, only .-*_ kept', () => {
    expect(runFormatter('url-encode', "a b/c~d'e.f-g*h_i")).toBe('a+b%2Fc%7Ed%27e.f-g*h_i');
    expect(runFormatter('url-encode', 'é😀')).toBe('%C3%A9%F0%9F%98%80');
    expect(runFormatter('url-encode', 'x\ud800')).toBe('x%3F');
  });
});
