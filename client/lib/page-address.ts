/** The longest address a page takes: a few words. */
export const MAX_PAGE_ADDRESS = 80;

/**
 * An address made from a page's title, which the Pages screen offers while the owner has not typed
 * one of their own: "Über uns" → "uber-uns", "Datenschutzerklärung" → "datenschutzerklarung".
 */
export function pageAddressOf(title: string): string {
  return title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, MAX_PAGE_ADDRESS).replace(/-+$/, '');
}
