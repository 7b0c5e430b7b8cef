/**
 * Words of a text as an address segment: accents dropped, lower case, every run of other
 * characters than letters and digits one dash, none at either end, at most `maxLength` long
 * ("Linen Work Shirt" → "linen-work-shirt"). A product's URL slug and a page's address are made so.
 */
export function slugWords(text: string, maxLength: number): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, maxLength).replace(/-+$/, '');
}
