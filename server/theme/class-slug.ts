/**
 * The platform's class name of a text (a collection type, a layout, a system page): lower case,
 * each run of other characters than letters and digits one dash, none at either end.
 */
export function classSlug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/**
 * The platform's class name of a tweak's title or chosen value: lower case, punctuation dropped
 * rather than made a dash, then each run of spaces, dashes and underscores one dash. Dossier's
 * stylesheet is written for it: `16:9 Widescreen` is `169-widescreen`, `2:3 Standard (Vertical)`
 * `23-standard-vertical`, `2.40 Anamorphic Widescreen` `240-anamorphic-widescreen`, and
 * `4:3 Four-Three` `43-four-three`.
 */
export function tweakClassSlug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9\s_-]+/g, '').replace(/[\s_-]+/g, '-').replace(/^-|-$/g, '');
}
