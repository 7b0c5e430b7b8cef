/**
 * A shipping rate's countries in the settings' one text box: shown as their codes separated by
 * commas (`DE, AT`), and sent as the pieces typed, codes or names, which the server reads in the
 * store's language or English (server/admin/rate-countries.ts). A phone's keyboard and a screen
 * reader handle one text box better than a list of some fifty checkboxes.
 */
export function countriesText(codes: readonly string[] | undefined): string {
  return (codes ?? []).join(', ');
}

/** The pieces typed, split at commas, semicolons or line breaks; none for an empty box (everywhere). */
export function countriesTyped(text: string): string[] {
  return text.split(/[,;\n]/).map((piece) => piece.trim()).filter((piece) => piece !== '');
}
