import { createHash } from 'node:crypto';
import { codeFrame, defaultRegistry, hintFor, tagAt, type TemplateError } from '../../engine/index.ts';
import { pluginUsage } from '../../engine/diagnostics/plugin-usage.ts';
import { missingPartialName } from '../../engine/diagnostics/suggest.ts';
import { distinctTemplateErrors } from '../../engine/diagnostics/distinct-errors.ts';

/** One error as the overlay shows it. */
export interface OverlayEntry {
  /** The template or partial file name ('product.tmpl', 'header.block'). */
  template: string;
  line: number;
  column: number;
  message: string;
  /** A hint: the closest name for an unknown formatter, predicate or partial, what a block or a tag lacks. */
  hint?: string;
  /** Numbered lines around the error with a caret under its column ('' when the source is unknown). */
  frame: string;
  /** The same frame cut to a phone's width around the column, shown instead on a narrow screen. */
  narrowFrame?: string;
  /** How many times the render reported this error at this position. */
  count: number;
}

/** Marks the overlay so tests and styles can find it. */
export const OVERLAY_ID = 'dev-error-overlay';
/** The overlay's heading, which names its dialog. */
const TITLE_ID = `${OVERLAY_ID}-title`;

/**
 * Characters of the error line a narrow screen's frame shows around the column: with its gutter
 * and the `…` of each cut, it fits the overlay on a 390 px phone, so the caret is in view there
 * rather than past the frame's right edge.
 */
export const NARROW_FRAME_WIDTH = 24;

/** The overlay's headings. */
export const overlayText = {
  /**
   * Named by what failed: a LESS error is a stylesheet's, a JSON one template.conf's (or a .conf's),
   * each kind listed with the templates' when several fail. `kinds` counts the errors of each kind
   * but templates; the rest of `count` are templates'.
   */
  errors: (count: number, kinds: Partial<Record<Exclude<ErrorKind, 'template'>, number>> = {}) => {
    const named = (n: number, kind: string) => `${n} ${kind} ${n === 1 ? 'error' : 'errors'}`;
    const others = ERROR_KINDS.filter((kind) => kind !== 'template').map((kind) => [kind, kinds[kind as keyof typeof kinds] ?? 0] as const);
    const templates = count - others.reduce((sum, [, n]) => sum + n, 0);
    const parts = [['template', templates] as const, ...others].filter(([, n]) => n > 0).map(([kind, n]) => named(n, kind));
    return parts.length === 0 ? named(count, 'template') : parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
  },
  /** The page that stands for templates that do not compile. */
  pageTitle: 'Template errors',
  /** Warnings: something the author likely did not mean, while every page still works. */
  warnings: (count: number) => `${count === 1 ? '1 warning' : `${count} warnings`} (the site still works)`,
  /** Behind the overlay of a page that does not compile, seen once it is closed. */
  noPage: 'This page is not shown: its templates do not compile.',
  showAgain: 'Show the errors again',
} as const;

/**
 * Every distinct error with its code frame, read from the template source by name; a missing
 * partial gets the closest of `partialNames()` (the names the render could apply), as `tmpl` gives it.
 */
export function overlayEntries(
  errors: readonly TemplateError[],
  sourceOf: (name: string) => string | undefined,
  partialNames?: () => readonly string[],
): OverlayEntry[] {
  const sources = new Map<string, string | undefined>();
  // asked only when a partial is missing: listing them may load the folder
  let partials: readonly string[] | undefined;
  const partialsFor = (message: string): readonly string[] | undefined =>
    missingPartialName(message) === undefined ? undefined : (partials ??= partialNames?.());
  return distinctTemplateErrors(errors).map((error) => {
    const template = error.name ?? 'template';
    if (!sources.has(template)) sources.set(template, sourceOf(template));
    const source = sources.get(template);
    return {
      template,
      line: error.line,
      column: error.column,
      message: error.message,
      hint: hintFor(error.message, defaultRegistry, {
        tag: source === undefined ? undefined : tagAt(source, error.line, error.column),
        source,
        at: error,
        partials: partialsFor(error.message),
        usageOf: pluginUsage,
      }),
      frame: source === undefined ? '' : codeFrame(source, error.line, error.column),
      narrowFrame: source === undefined ? '' : codeFrame(source, error.line, error.column, { width: NARROW_FRAME_WIDTH }),
      count: error.count,
    };
  });
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A code frame's line that holds only its caret (the gutter, then spaces and tabs up to the `^`). */
const CARET_LINE = /^( +\| [ \t]*)\^$/;

/** A code frame as HTML, its caret marked, so the overlay's script can scroll a long line's frame to it. */
function frameHtml(frame: string): string {
  return frame.split('\n').map((line) => {
    const caret = CARET_LINE.exec(line);
    return caret === null ? escapeHtml(line) : `${escapeHtml(caret[1]!)}<span class="caret">^</span>`;
  }).join('\n');
}

const STYLES = `#${OVERLAY_ID}{position:fixed;inset:0;z-index:2147483647;width:auto;max-width:none;height:auto;max-height:none;margin:0;padding:24px;border:0;overflow:auto;`
  + 'background:rgba(20,20,24,.92);color:#eee;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace}'
  // the page's own type rules (doncab's `h2 { font-family: … }`, capitals and spacing) stop at the
  // overlay, whose headings stay bold as the browser makes them
  + `#${OVERLAY_ID} *{font-family:inherit;font-weight:normal;font-style:normal;letter-spacing:normal;text-transform:none}`
  + `#${OVERLAY_ID} :is(h1,h2){font-weight:bold}`
  + `#${OVERLAY_ID} h1{margin:0 0 16px;font-size:18px;color:#ff8a80}`
  + `#${OVERLAY_ID} li{margin:0 0 20px;list-style:none}`
  + `#${OVERLAY_ID} ol{padding:0}`
  + `#${OVERLAY_ID} .where{color:#8ab4f8}`
  + `#${OVERLAY_ID} .hint{color:#ffd54f}`
  + `#${OVERLAY_ID} pre{margin:8px 0 0;padding:12px;background:#000;overflow:auto}`
  + `#${OVERLAY_ID} pre.narrow{display:none}`
  // the line behind a page that does not compile shows once the overlay is closed, not through it
  + `#${OVERLAY_ID}[open]~.behind{visibility:hidden}`
  + `@media (max-width:600px){#${OVERLAY_ID} pre.wide{display:none}#${OVERLAY_ID} pre.narrow{display:block}}`
  // a finger's width each way (44 px), as the storefront's own controls: the overlay is read on phones too
  + `#${OVERLAY_ID} button{float:right;font:inherit;min-width:44px;min-height:44px}`
  + `#${OVERLAY_ID} h2.warnings{margin:16px 0;font-size:16px;color:#ffd54f}`
  // warnings alone leave the page in view: a bar along the bottom that opens into a panel, rather
  // than a panel over the page's foot (on a phone its Add to Cart) on every page until closed
  + `#${OVERLAY_ID}.warnings-only{inset:auto 0 0;max-height:40vh;padding:0 16px;border-top:3px solid #ffd54f}`
  + `#${OVERLAY_ID}.warnings-only summary{padding:10px 0;cursor:pointer}`
  + `#${OVERLAY_ID}.warnings-only h2.warnings{display:inline;margin:0 0 0 8px}`
  + `#${OVERLAY_ID}.warnings-only form{float:right;margin:6px 0 0 8px}`;

function overlayItems(entries: readonly OverlayEntry[]): string {
  return entries.map((entry) => {
    // a problem with no place in its file (a .conf field) is named by the file alone
    const where = entry.line > 0 ? `${entry.template}:${entry.line}:${entry.column}` : entry.template;
    const repeated = entry.count > 1 ? ` (×${entry.count})` : '';
    const hint = entry.hint === undefined ? '' : `<div class="hint">${escapeHtml(entry.hint)}</div>`;
    // a narrow screen shows the frame cut around the column, where the whole line would hide the caret
    const narrow = entry.narrowFrame === undefined || entry.narrowFrame === entry.frame
      ? ''
      : `<pre class="frame narrow">${frameHtml(entry.narrowFrame)}</pre>`;
    const frame = entry.frame === '' ? '' : `<pre class="frame${narrow === '' ? '' : ' wide'}">${frameHtml(entry.frame)}</pre>${narrow}`;
    return `<li data-template="${escapeHtml(entry.template)}" data-line="${entry.line}" data-column="${entry.column}">`
      + `<span class="where">${escapeHtml(where)}</span> <span class="message">${escapeHtml(entry.message)}</span>${repeated}${hint}${frame}</li>`;
  }).join('');
}

/**
 * Which errors an overlay shows (file, place and message, not how often), so that the page can
 * tell errors the author has been shown already from new ones (overlay-script.ts).
 */
export function errorsSignature(entries: readonly OverlayEntry[]): string {
  const listed = JSON.stringify(entries.map((entry) => [entry.template, entry.line, entry.column, entry.message]));
  return createHash('sha256').update(listed).digest('hex').slice(0, 16);
}

/** What an error of the overlay is in, in the order its heading names them. */
const ERROR_KINDS = ['template', 'template.conf', '.conf', 'stylesheet'] as const;
type ErrorKind = (typeof ERROR_KINDS)[number];

/**
 * What a file of the overlay is: a stylesheet (LESS names the file of styles/, or the stylesheets
 * as a whole, `styles`), template.conf, a collection's or page's .conf, else a template.
 */
function errorKind(file: string): ErrorKind {
  if (file === 'styles' || file.startsWith('styles/') || /\.(less|css)$/.test(file)) return 'stylesheet';
  if (file === 'template.conf') return 'template.conf';
  return file.endsWith('.conf') ? '.conf' : 'template';
}

/**
 * The overlay itself: an open, non-modal <dialog> named by its heading, listing every error, then
 * every warning, closed by its button without any script (a form with method="dialog"), so the
 * page behind stays usable; overlay-script.ts gives it the focus and Escape. Warnings alone make a
 * bar along the bottom of the page instead, with their count, which opens into the list (a
 * <details>, again without a script).
 */
export function overlayMarkup(entries: readonly OverlayEntry[], warnings: readonly OverlayEntry[] = []): string {
  const kinds: Partial<Record<ErrorKind, number>> = {};
  for (const entry of entries) {
    const kind = errorKind(entry.template);
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  const errors = entries.length > 0 ? `<h1 id="${TITLE_ID}">${overlayText.errors(entries.length, kinds)}</h1><ol>${overlayItems(entries)}</ol>` : '';
  const heading = `<h2 class="warnings"${entries.length === 0 ? ` id="${TITLE_ID}"` : ''}>${overlayText.warnings(warnings.length)}</h2>`;
  const list = `<ol class="warnings">${overlayItems(warnings)}</ol>`;
  // under errors the warnings are read with them; alone they wait, folded, until the author opens them
  const warned = warnings.length === 0 ? '' : entries.length > 0 ? heading + list : `<details><summary>${heading}</summary>${list}</details>`;
  // errors carry their signature: new ones take the focus, the same ones after a save do not; a
  // bar of warnings carries theirs: closed, it stays closed for the same warnings on the tab's next pages
  const kind = entries.length === 0 ? ` class="warnings-only" data-warnings="${errorsSignature(warnings)}"` : ` data-errors="${errorsSignature(entries)}"`;
  return `<style>${STYLES}</style><dialog id="${OVERLAY_ID}"${kind} aria-labelledby="${TITLE_ID}" tabindex="-1" open>`
    + '<form method="dialog"><button type="submit">Close</button></form>'
    + `${errors}${warned}</dialog>`;
}

/** `markup` placed just before the page's closing body tag (or at its end when it has none). */
export function beforeBodyEnd(html: string, markup: string): string {
  const end = html.lastIndexOf('</body>');
  return end === -1 ? html + markup : html.slice(0, end) + markup + html.slice(end);
}

/**
 * A whole page for templates that do not compile: there is no page to show behind the overlay. Its
 * viewport is the device's, so a phone lays it out at its own width (and shows the narrow frames).
 */
export function overlayPage(entries: readonly OverlayEntry[], extraMarkup: string, warnings: readonly OverlayEntry[] = []): string {
  // An empty icon: the browser would otherwise ask for /favicon.ico and log a 404 beside the errors.
  // closed, the overlay leaves this line rather than an empty page, with the way back to the errors
  const behind = `<p class="behind">${escapeHtml(overlayText.noPage)} <a href="">${escapeHtml(overlayText.showAgain)}</a></p>`;
  return '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
    + `<title>${escapeHtml(overlayText.pageTitle)}</title><link rel="icon" href="data:,"></head><body>`
    + overlayMarkup(entries, warnings) + behind + extraMarkup + '</body></html>';
}
