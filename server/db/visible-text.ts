import { Parser } from 'htmlparser2';

/**
 * Elements that sit inside a run of text without parting its words: `<b>lin</b>en` reads
 * "linen". Every other tag (a paragraph, a line break, a list item, a cell) parts them.
 */
const INLINE_ELEMENTS = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'big', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'font', 'i', 'ins',
  'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'time', 'tt', 'u',
  'var', 'wbr',
]);

/** Elements whose content a reader never sees: scripts, styles, inert templates, no-script fallbacks. */
const UNSEEN_CONTENT_ELEMENTS = new Set(['script', 'style', 'template', 'noscript']);

const WHITE_SPACE_RUN = /\s+/g;

/**
 * The text a reader sees in a piece of HTML, read by a forgiving HTML parser (htmlparser2): tags,
 * comments and the content of scripts and styles left out, character references decoded
 * (`R&amp;D` reads "R&D"), white space collapsed to single spaces.
 */
export function visibleText(html: string): string {
  const pieces: string[] = [];
  // how deep inside elements whose content is never seen (a <noscript> may hold a <style>)
  let unseen = 0;
  const parser = new Parser({
    onopentag(name) {
      if (UNSEEN_CONTENT_ELEMENTS.has(name)) unseen += 1;
      if (!INLINE_ELEMENTS.has(name)) pieces.push(' ');
    },
    onclosetag(name) {
      if (UNSEEN_CONTENT_ELEMENTS.has(name)) unseen = Math.max(0, unseen - 1);
      if (!INLINE_ELEMENTS.has(name)) pieces.push(' ');
    },
    ontext(text) {
      if (unseen === 0) pieces.push(text);
    },
  }, { decodeEntities: true, lowerCaseTags: true });
  parser.end(html);
  return pieces.join('').replace(WHITE_SPACE_RUN, ' ').trim();
}
