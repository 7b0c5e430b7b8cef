import { escapeHtml, escapeHtmlAttribute } from '../../engine/plugins/core/html-escape.ts';
import { isSafeLinkUrl } from '../security/safe-link-url.ts';

/** `[words](address)`: the one markup a text block takes, as the owner types a link. */
const LINK = /\[([^\]\n]{1,200})\]\(([^()\s]{1,2000})\)/g;

/** One line of text: escaped, its `[words](address)` links made links when following them cannot run script. */
function lineHtml(line: string): string {
  let html = '';
  let at = 0;
  for (const match of line.matchAll(LINK)) {
    const [whole, words, address] = match;
    if (!isSafeLinkUrl(address!)) continue;
    html += escapeHtml(line.slice(at, match.index)) + `<a href="${escapeHtmlAttribute(address!)}">${escapeHtml(words!)}</a>`;
    at = match.index + whole.length;
  }
  return html + escapeHtml(line.slice(at));
}

/**
 * A text block's content as HTML, following the store's rule for what the owner types (a product's
 * description): plain text, never HTML of the owner's. A blank line parts paragraphs, a line break
 * is kept, and `[words](https://…)` is a link (a `javascript:` one stays text).
 */
export function blockTextHtml(text: string): string {
  return text.replace(/\r\n?/g, '\n').split(/\n{2,}/).map((paragraph) => paragraph.trim()).filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${paragraph.split('\n').map(lineHtml).join('<br>')}</p>`).join('');
}
