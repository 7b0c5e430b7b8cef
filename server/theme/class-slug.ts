/**
 * The platform's class name of a text (a tweak's title or choice, a collection type, a system
 * page): lower case, each run of other characters than letters and digits one dash, none at either end.
 */
export function classSlug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
