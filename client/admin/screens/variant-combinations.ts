/**
 * "Add every combination" of the product editor: from each option's values (Size: S, M, L;
 * Colour: Blue, Green) the combinations no variant has yet, in the order the values were typed.
 * Existing variants are never removed or changed; only a row with no option value typed at all
 * (a new product's first, blank one) is given the first missing combination, so it is not left
 * for the save to refuse.
 */

/** "S, M, ,L, M" → ["S", "M", "L"]. */
export function valuesOf(text: string): string[] {
  return [...new Set(text.split(',').map((value) => value.trim()).filter((value) => value !== ''))];
}

/** Every combination of one value per option, first option slowest: [[S, Blue], [S, Green], [M, Blue]…]. */
function everyCombination(valuesByOption: readonly string[][]): string[][] {
  return valuesByOption.reduce<string[][]>((combinations, values) => combinations.flatMap((head) => values.map((value) => [...head, value])), [[]]);
}

const keyOf = (values: readonly string[]) => JSON.stringify(values.map((value) => value.trim()));

/**
 * The combinations of `valuesByOption` that none of `rows` (each row's values, by option) has;
 * none when an option has no value.
 */
export function missingCombinations(valuesByOption: readonly string[][], rows: readonly (readonly string[])[]): string[][] {
  if (valuesByOption.length === 0 || valuesByOption.some((values) => values.length === 0)) return [];
  const present = new Set(rows.map((values) => keyOf(valuesByOption.map((_, index) => values[index] ?? ''))));
  return everyCombination(valuesByOption).filter((combination) => !present.has(keyOf(combination)));
}

/** Whether a row has no option value typed (a blank row that may take a combination). */
export function hasNoValues(values: readonly string[]): boolean {
  return values.every((value) => value.trim() === '');
}
