/**
 * Selectors written as LESS 1.3 wrote them, which the platform's compiler reads and LESS 4 no
 * longer does, rewritten as LESS 4 writes them before a folder's stylesheet compiles.
 *
 * Escaped selectors:
 * `(~".Blog-meta--@{modifier}") { … }` is the selector `.Blog-meta--@{modifier}`, which LESS 4
 * writes with the interpolation alone (dossier's blog.less has 45). Each such selector, an escaped
 * string in parentheses followed by its block's `{` or a `,` of its list, loses its wrapping,
 * replaced by spaces so that every place in the file keeps its line and column for LESS's errors.
 * An escaped string elsewhere (`.transition(~'opacity 1s')`, `width: ~"calc(…)"`) is left as it is.
 */

/** `text` with every escaped selector unwrapped (the same text when it has none). */
function unwrapEscapedSelectors(text: string): string {
  let out = '';
  let copied = 0;
  for (let open = text.indexOf('(~'); open !== -1; open = text.indexOf('(~', open + 2)) {
    const quote = text[open + 2];
    if (quote !== '"' && quote !== "'") continue;
    const close = text.indexOf(quote, open + 3);
    if (close === -1) break;
    if (text[close + 1] !== ')') continue;
    let next = close + 2;
    while (next < text.length && (text[next] === ' ' || text[next] === '\t' || text[next] === '\n' || text[next] === '\r')) next++;
    if (text[next] !== '{' && text[next] !== ',') continue;
    out += `${text.slice(copied, open)}   ${text.slice(open + 3, close)}  `;
    copied = close + 2;
    open = close;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/**
 * A variable as a structural pseudo-class's argument: `&:nth-child(@cols)` is `&:nth-child(@{cols})`
 * in LESS 4 (dossier's related posts). The two braces shift the rest of that line by two columns.
 */
const NTH_VARIABLE = /:(nth-(?:child|last-child|of-type|last-of-type))\(@([A-Za-z_][\w-]*)\)/g;

/** A folder's LESS file with its LESS 1.3 selectors as LESS 4 reads them. */
export function asLess4Selectors(text: string): string {
  const unwrapped = unwrapEscapedSelectors(text);
  return unwrapped.includes(':nth-') ? unwrapped.replace(NTH_VARIABLE, ':$1(@{$2})') : unwrapped;
}
