import { EditedText } from './edited-text.ts';

/**
 * Developer templates write inline scripts as the platform lets them (`<script>…</script>` in
 * site.region), but the storefront's Content-Security-Policy runs only scripts carrying the
 * response's nonce. A template is the site's own code, so each `<script` element written in a
 * folder's files is given the page's nonce before the file compiles, the way the project's own
 * theme writes `nonce="{cspNonce}"` by hand. Only the template's text is changed: a script
 * element that reaches a page through data (stored text, owner HTML) never gets the nonce.
 */

/** What is added to an opening `<script` tag that has no nonce of its own. */
export const SCRIPT_NONCE_ATTRIBUTE = ' nonce="{cspNonce}"';

const SCRIPT_OPEN = /<script(?=[\s>/])/gi;
const SCRIPT_CLOSE = /<\/script/gi;
const HAS_NONCE = /\snonce\s*=/i;
const TYPE = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
/** Types a browser runs (HTML's JavaScript MIME types, and module); any other type is a data block. */
const RUN_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'application/ecmascript', 'text/ecmascript', 'application/x-javascript', 'text/jscript']);

/** Whether the browser runs a script with these attributes: a data block (JSON, JSON-LD, a template) needs no nonce. */
function runs(attributes: string): boolean {
  const match = TYPE.exec(attributes);
  if (match === null) return true;
  const type = (match[1] ?? match[2] ?? match[3] ?? '').trim().toLowerCase();
  // a type written with instructions is decided only when the page renders: it gets the nonce
  return type.includes('{') || RUN_TYPES.has(type);
}

/** Where the opening tag that starts at `from` ends (just past its `>`), quoted values skipped; -1 when it never ends. */
function openTagEnd(source: string, from: number): number {
  let quote = '';
  for (let i = from; i < source.length; i++) {
    const c = source[i]!;
    if (quote !== '') {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      return i + 1;
    }
  }
  return -1;
}

/**
 * The file's text with ` nonce="{cspNonce}"` after every `<script` that the browser runs and that
 * lacks a nonce (a JSON or JSON-LD data block runs nothing, so it is left as written), with the way
 * back to the file's own offsets. A script's own text is skipped up to its `</script`, as the
 * browser reads it, so a `'<script>'` inside a script's string is left alone.
 */
export function withScriptNonces(source: string): EditedText {
  const edited = new EditedText();
  let copied = 0;
  SCRIPT_OPEN.lastIndex = 0;
  for (let match = SCRIPT_OPEN.exec(source); match !== null; match = SCRIPT_OPEN.exec(source)) {
    const nameEnd = match.index + match[0].length;
    const tagEnd = openTagEnd(source, nameEnd);
    if (tagEnd === -1) break;
    const attributes = source.slice(nameEnd, tagEnd);
    if (!HAS_NONCE.test(attributes) && runs(attributes)) {
      edited.copy(source, copied, nameEnd).write(SCRIPT_NONCE_ATTRIBUTE, nameEnd);
      copied = nameEnd;
    }
    SCRIPT_CLOSE.lastIndex = tagEnd;
    const close = SCRIPT_CLOSE.exec(source);
    if (close === null) break;
    SCRIPT_OPEN.lastIndex = close.index + close[0].length;
  }
  return edited.copy(source, copied, source.length);
}
