/** Reads a JSON text column that must hold an object; anything else reads as an empty object. */
export function parseObjectColumn(text: string | null): Record<string, unknown> {
  if (!text) return {};
  const value: unknown = JSON.parse(text);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
