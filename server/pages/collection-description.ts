/**
 * A collection's description (the shop's, the contact page's, a gallery's introduction): kept as
 * its owner typed it on the Pages screen, plain text with `[words](address)` links, the rule of a
 * plain page's text. Templates get it as HTML, as the platform gives `collection.description`
 * (escaped paragraphs, safe links only, never HTML of the owner's); search engines get its words.
 */
import { visibleText } from '../db/visible-text.ts';
import { blockTextHtml } from '../theme/block-text.ts';

export function collectionDescriptionHtml(description: string): string {
  return blockTextHtml(description);
}

/** The description as one line of text, for a page's meta description. */
export function collectionDescriptionText(description: string): string {
  return visibleText(blockTextHtml(description));
}
