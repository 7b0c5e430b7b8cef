import { slugWords } from './slug.ts';

/** The longest address a page takes: a few words. */
export const MAX_PAGE_ADDRESS = 80;

/**
 * An address made from a page's title, which the Pages screen offers while the owner has not typed
 * one of their own: "Über uns" → "uber-uns", "Datenschutzerklärung" → "datenschutzerklarung".
 */
export function pageAddressOf(title: string): string {
  // ß (and its capital, which lower-cases to it) is written ss, as German does without the letter
  return slugWords(title.replace(/[ßẞ]/g, 'ss'), MAX_PAGE_ADDRESS);
}
