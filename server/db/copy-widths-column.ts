/**
 * product_images.copy_widths as the code reads it: the widths of an uploaded image's resized
 * copies, stored as "100,300,500" ("" when none was made), NULL when nothing was recorded.
 */

/** [100, 300, 500] → "100,300,500"; [] → "". */
export function copyWidthsColumn(widths: readonly number[]): string {
  return widths.join(',');
}

/** "100,300,500" → [100, 300, 500]; "" → []; NULL → null (not recorded). */
export function copyWidthsFromColumn(column: string | null | undefined): number[] | null {
  if (column === null || column === undefined) return null;
  return column === '' ? [] : column.split(',').map(Number);
}
