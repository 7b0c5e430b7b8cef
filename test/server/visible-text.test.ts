import { describe, expect, it } from 'vitest';
import { bodySearchText } from '../../server/db/product-search-text.ts';
import { visibleText } from '../../server/db/visible-text.ts';

// The text a shopper reads in a description's HTML, which search compares with.

describe('visibleText', () => {
  it('leaves out tags and their attributes, parting words only where the page does', () => {
    expect(visibleText('<p class="lead">Hand <b>lin</b>en, <a href="/care" title="How to wash">care</a></p>')).toBe('Hand linen, care');
    expect(visibleText('<p>One</p><p>two</p><ul><li>three</li><li>four<br>five</li></ul><div>six</div>')).toBe('One two three four five six');
    expect(visibleText('<span style="color: red"><strong>Bold</strong></span>')).toBe('Bold');
  });

  it('decodes character references, named and numbered', () => {
    expect(visibleText('<p>R&amp;D &lt;b&gt; caf&eacute; &#8212; &#x2764;&nbsp;it &copy; 5 &lt; 6</p>')).toBe('R&D <b> café — ❤ it © 5 < 6');
    // what is not a reference stays as typed
    expect(visibleText('Salt & pepper &zzz;')).toBe('Salt & pepper &zzz;');
  });

  it('reads a quoted > in an attribute as part of the tag', () => {
    expect(visibleText('<a title="a > b" href=\'x>y\'>link</a> after')).toBe('link after');
  });

  it('leaves out comments, scripts, styles and declarations', () => {
    expect(visibleText('<!DOCTYPE html><!-- hidden note -->Shown<script>var span = "class";</script><style>.div { }</style> text<?xml x?>'))
      .toBe('Shown text');
    expect(visibleText('Before<SCRIPT type="module">let x = "</div>";</SCRIPT >after')).toBe('Before after');
  });

  it('keeps a < that opens no tag, and drops a tag left open at the end', () => {
    expect(visibleText('I <3 this, 2 < 3 and a <> b')).toBe('I <3 this, 2 < 3 and a <> b');
    expect(visibleText('Text <a href="unfinished')).toBe('Text');
    expect(visibleText('Text <!-- unfinished')).toBe('Text');
    expect(visibleText('')).toBe('');
  });

  it('reads a long description, and one with thousands of tags left open', () => {
    const html = '<p class="x">word</p>'.repeat(20_000) + '<a title="'.repeat(5_000);
    expect(visibleText(html).startsWith('word word')).toBe(true);
  });
});

describe('bodySearchText', () => {
  it('is the visible text in lower case, without invisible format characters', () => {
    expect(bodySearchText('<p>Hand-<b>LIN</b>EN by R&amp;D, lin\u00aden, CAF&Eacute;</p>')).toBe('hand-linen by r&d, linen, café');
  });
});
