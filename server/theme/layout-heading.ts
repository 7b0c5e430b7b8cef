import { Parser } from 'htmlparser2';
import type { Json } from './platform-data.ts';
import { visibleText } from '../db/visible-text.ts';

/**
 * What a folder's layout already writes of a collection a built-in page shows (doncab's
 * page-banner.block writes its title in an h1 and its description): the built-in page then leaves
 * out its own, as the platform's system lists have no heading of their own. Only an h1 counts for
 * the title, so the page keeps an h1 whichever writes it.
 */
export interface LayoutHeading {
  layoutWritesTitle: boolean;
  layoutWritesDescription: boolean;
}

const WHITE_SPACE_RUN = /\s+/g;

function squeezed(text: string): string {
  return text.replace(WHITE_SPACE_RUN, ' ').trim();
}

/** The text of each h1 in the HTML, and all its visible text, read by htmlparser2 (entities decoded). */
function headingsAndText(html: string): { headings: string[]; text: string } {
  const headings: string[] = [];
  const pieces: string[] = [];
  let heading: string[] | null = null;
  let unseen = 0;
  const parser = new Parser({
    onopentag(name) {
      if (name === 'script' || name === 'style' || name === 'template') unseen += 1;
      if (name === 'h1') heading = [];
      pieces.push(' ');
    },
    onclosetag(name) {
      if (name === 'script' || name === 'style' || name === 'template') unseen = Math.max(0, unseen - 1);
      if (name === 'h1' && heading !== null) {
        headings.push(squeezed(heading.join('')));
        heading = null;
      }
      pieces.push(' ');
    },
    ontext(text) {
      if (unseen > 0) return;
      pieces.push(text);
      heading?.push(text);
    },
  }, { decodeEntities: true, lowerCaseTags: true });
  parser.end(html);
  return { headings, text: squeezed(pieces.join('')) };
}

/** Whether the layout's HTML (rendered around an empty main content) writes the collection's title as an h1, and its description. */
export function layoutHeading(layoutHtml: string, collection: Json | undefined): LayoutHeading {
  const title = typeof collection?.title === 'string' ? squeezed(collection.title) : '';
  // the description is HTML, as the platform's (the store's own paragraphs), compared by its words
  const description = typeof collection?.description === 'string' ? squeezed(visibleText(collection.description)) : '';
  if (title === '') return { layoutWritesTitle: false, layoutWritesDescription: false };
  const { headings, text } = headingsAndText(layoutHtml);
  const layoutWritesTitle = headings.includes(title);
  return { layoutWritesTitle, layoutWritesDescription: layoutWritesTitle && description !== '' && text.includes(description) };
}
