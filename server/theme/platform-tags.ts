import { closestName, LineIndex } from '../../engine/index.ts';
import { EditedText } from './edited-text.ts';
import { missingTagAttributes } from './platform-tag-attributes.ts';
import { themeMessages } from './theme-messages.ts';

/**
 * The platform's own tags inside template files (`<squarespace:navigation …/>`,
 * `<squarespace:query …>…</squarespace:query>`, …) are not part of the template language. Before a
 * file is compiled, each one becomes an ordinary instruction, `{@|squarespace-tag ID}`, that runs
 * during the render where the tag stood (so it sees the scope it is in), and a tag's body becomes a
 * partial of its own. Nothing is ever replaced in rendered output.
 */
export const PLATFORM_TAG_KINDS = ['navigation', 'folder-navigation', 'query', 'block-field', 'script', 'category', 'related'] as const;
export type PlatformTagKind = (typeof PLATFORM_TAG_KINDS)[number];

export const PLATFORM_TAG_FORMATTER = 'squarespace-tag';

export interface PlatformTag {
  /** Unique within a folder; the argument of the instruction that replaced the tag. */
  id: string;
  kind: PlatformTagKind;
  /** Attribute values as written: they may hold template instructions (`{collection.urlId}`). */
  attributes: Record<string, string>;
  /** The rewritten source between the opening and the closing tag, offsets mapped to the file's; null for a self-closing tag. */
  body: EditedText | null;
  /**
   * Script tags written one after another (nothing but white space between them) load as one
   * group, so that their combo scripts become one request, as the platform's script loader does:
   * the first tag of a run lists the ids of the others, which render nothing themselves.
   */
  scriptRun?: string[];
  /** The id of the script tag that renders this one's run. */
  inRunOf?: string;
  file: string;
  line: number;
  column: number;
}

export interface TagProblem {
  message: string;
  /** An unknown tag stays in the page as text (a warning); a tag never closed loses its body (an error). */
  severity: 'error' | 'warning';
  /** A platform tag mistyped: kept as text like a malformed instruction, so shown and checked as one. */
  validation?: true;
  file: string;
  line: number;
  column: number;
}

export interface RewrittenSource {
  /** The file's text with every tag replaced, offsets mapped to the text rewritten. */
  source: EditedText;
  tags: PlatformTag[];
  problems: TagProblem[];
}

const TAG_BODY_PREFIX = 'squarespace-tag:';

/** The name a tag body is applied under; no file of a folder can have it. */
export function tagBodyPartialName(id: string): string {
  return `${TAG_BODY_PREFIX}${id}`;
}

/** The partials an author wrote (the folder's blocks), without the tag bodies: the names a "did you mean" may offer. */
export function authoredPartialNames(partials: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(partials).filter((name) => !name.startsWith(TAG_BODY_PREFIX));
}

const OPEN_TAG = /<squarespace:([a-z][a-z-]*)/g;
const ATTRIBUTE = /\s+([A-Za-z_:][-A-Za-z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`/]+)))?/y;
const TAG_END = /\s*(\/?)>/y;

interface OpenTag {
  kind: string;
  attributes: Record<string, string>;
  start: number;
  end: number;
  selfClosing: boolean;
}

/** An opening tag that does not end where its attributes do: where reading it stopped. */
interface UnendedTag {
  unended: number;
}

function readOpenTag(source: string, start: number, kind: string): OpenTag | UnendedTag {
  let position = start + '<squarespace:'.length + kind.length;
  const attributes: Record<string, string> = {};
  for (;;) {
    ATTRIBUTE.lastIndex = position;
    const match = ATTRIBUTE.exec(source);
    if (match === null) break;
    attributes[match[1]!] = match[2] ?? match[3] ?? match[4] ?? '';
    position = ATTRIBUTE.lastIndex;
  }
  TAG_END.lastIndex = position;
  const end = TAG_END.exec(source);
  if (end === null) return { unended: position };
  return { kind, attributes, start, end: TAG_END.lastIndex, selfClosing: end[1] === '/' };
}

/**
 * Why an opening tag could not be read. A `>` later on its line (before any other markup) means
 * the tag does end, and what stands where reading stopped is no attribute (`a="1"b="2"`, a
 * `{.if}` among the attributes); otherwise its `>` or `/>` is left out.
 */
function unendedTagMessage(source: string, kind: string, unended: number): { message: string; at?: number } {
  const line = /[^\n<]*/y;
  line.lastIndex = unended;
  if (!line.exec(source)![0].includes('>')) return { message: themeMessages.tagNotEnded(kind) };
  const written = /\s*([^\s>]*)/y;
  written.lastIndex = unended;
  const found = written.exec(source)!;
  return { message: themeMessages.tagAttributeUnreadable(kind, found[1]!), at: unended + found[0].length - found[1]!.length };
}

/** Where the matching `</squarespace:kind>` starts and ends, counting nested tags of the same kind. */
function findClose(source: string, from: number, kind: string): { start: number; end: number } | null {
  const pattern = new RegExp(`<squarespace:${kind}(?![a-z-])|</squarespace:${kind}\\s*>`, 'g');
  pattern.lastIndex = from;
  let depth = 1;
  for (let match = pattern.exec(source); match !== null; match = pattern.exec(source)) {
    if (match[0].startsWith('</')) {
      depth -= 1;
      if (depth === 0) return { start: match.index, end: pattern.lastIndex };
    } else {
      const nested = readOpenTag(source, match.index, kind);
      if ('unended' in nested) continue;
      if (!nested.selfClosing) depth += 1;
      pattern.lastIndex = nested.end;
    }
  }
  return null;
}

function isKind(kind: string): kind is PlatformTagKind {
  return (PLATFORM_TAG_KINDS as readonly string[]).includes(kind);
}

/** Where an offset of the text being rewritten is in the author's file. */
export type PositionOf = (offset: number) => { line: number; column: number };

/**
 * Rewrites every platform tag of one file. `positionOf` places an offset of `source` in the
 * author's file (by default `source` is the file); `nextId` hands out folder-unique tag ids.
 */
export function rewritePlatformTags(source: string, file: string, nextId: () => string, positionOf?: PositionOf): RewrittenSource {
  const index = new LineIndex(source);
  const lines = positionOf ?? ((offset: number) => index.position(offset));
  const tags: PlatformTag[] = [];
  const problems: TagProblem[] = [];
  const rewritten = rewriteRange(source, 0, source.length, { file, nextId, positionOf: lines, tags, problems });
  problems.push(...mistypedClosingTags(source, file, lines));
  problems.sort((a, b) => a.line - b.line || a.column - b.column);
  return { source: rewritten, tags, problems };
}

const CLOSE_TAG = /<\/squarespace:([a-z][a-z-]*)\s*>/g;

/**
 * Closing tags one typo away from a platform tag's (`</squarespace:querry>`). Its opening tag is
 * reported as never closed, at the opening; this one is placed where the slip is, with the tag meant.
 * Kept as text like a mistyped opening tag, so reported as a malformed tag.
 */
function mistypedClosingTags(source: string, file: string, positionOf: PositionOf): TagProblem[] {
  const problems: TagProblem[] = [];
  for (const match of source.matchAll(CLOSE_TAG)) {
    const kind = match[1]!;
    if (isKind(kind)) continue;
    const meant = closestName(kind, PLATFORM_TAG_KINDS);
    if (meant === undefined) continue;
    const message = themeMessages.didYouMean(themeMessages.tagCloseUnknown(kind), `</squarespace:${meant}>`);
    problems.push({ message, severity: 'warning', validation: true, file, ...positionOf(match.index) });
  }
  return problems;
}

interface Rewrite {
  file: string;
  nextId: () => string;
  positionOf: PositionOf;
  tags: PlatformTag[];
  problems: TagProblem[];
}

/** The text from `from` to `to` with its tags replaced (a tag body is rewritten the same way, in place). */
function rewriteRange(source: string, from: number, to: number, rewrite: Rewrite): EditedText {
  const { file, nextId, positionOf, tags, problems } = rewrite;
  const out = new EditedText();
  let copied = from;
  // The run of script tags the next script tag may join: its first tag, and where the last one ended.
  let scriptRun: { first: PlatformTag; end: number } | null = null;
  const text = to === source.length ? source : source.slice(0, to);
  const openTag = new RegExp(OPEN_TAG.source, 'g');
  openTag.lastIndex = from;
  for (let match = openTag.exec(text); match !== null; match = openTag.exec(text)) {
    const kind = match[1]!;
    const where = positionOf(match.index);
    if (!isKind(kind)) {
      // One typo away from a platform tag, it is that tag mistyped, and the page silently loses what
      // the tag renders (the browser shows nothing for an unknown element): it is reported as a
      // malformed tag, naming the tag meant (the development overlay shows it, tmpl check fails),
      // while the storefront still serves the page.
      const meant = closestName(kind, PLATFORM_TAG_KINDS);
      problems.push(meant === undefined
        ? { message: themeMessages.tagUnknown(kind), severity: 'warning', file, ...where }
        : { message: themeMessages.didYouMean(themeMessages.tagUnknown(kind), `<squarespace:${meant}>`), severity: 'warning', validation: true, file, ...where });
      continue;
    }
    const open = readOpenTag(text, match.index, kind);
    if ('unended' in open) {
      // Kept as text, as a mistyped tag is, and so reported as a malformed tag: without it the page
      // would show the tag's text (and a query's body the page's own items) without a word.
      const { message, at } = unendedTagMessage(text, kind, open.unended);
      problems.push({ message, severity: 'warning', validation: true, file, ...(at === undefined ? where : positionOf(at)) });
      continue;
    }
    let body: EditedText | null = null;
    let end = open.end;
    if (!open.selfClosing) {
      const close = findClose(text, open.end, kind);
      if (close === null) {
        problems.push({ message: themeMessages.tagNotClosed(kind), severity: 'error', file, ...where });
      } else {
        body = rewriteRange(source, open.end, close.start, rewrite);
        end = close.end;
      }
    }
    const id = nextId();
    const tag: PlatformTag = { id, kind, attributes: open.attributes, body, file, line: where.line, column: where.column };
    tags.push(tag);
    // without it the tag renders nothing: a malformed tag, as a mistyped one is (the page is still served, and the
    // overlay, tmpl check, tmpl render and the log each count it an error), said once here in these words
    for (const message of missingTagAttributes(kind, open.attributes)) problems.push({ message, severity: 'warning', validation: true, file, ...where });
    if (kind === 'script') {
      if (scriptRun !== null && text.slice(scriptRun.end, match.index).trim() === '') {
        (scriptRun.first.scriptRun ??= [scriptRun.first.id]).push(id);
        tag.inRunOf = scriptRun.first.id;
        scriptRun.end = end;
      } else {
        scriptRun = { first: tag, end };
      }
    } else {
      scriptRun = null;
    }
    out.copy(source, copied, match.index).write(`{@|${PLATFORM_TAG_FORMATTER} ${id}}`, match.index);
    copied = end;
    openTag.lastIndex = end;
  }
  return out.copy(source, copied, to);
}
