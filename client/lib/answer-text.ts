/**
 * A form's answer as the owner reads it (the Messages screen and its CSV), never as the JSON the
 * form sends: a field of several boxes keeps the parts that were filled in, a name's with spaces
 * ("Ana Shopper"), a date's as month/day/year, a time's as hours:minutes and its half of the day,
 * the others' (an address, a phone number, choices) with commas; a likert field says each
 * statement with its answer. Nothing filled in reads as nothing.
 */
export function answerText(value: unknown, type = ''): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const parts = value.map((part) => answerText(part).trim());
    if (parts.every((part) => part === '')) return '';
    if (type === 'date') return parts.join('/');
    if (type === 'time') return `${parts.slice(0, 2).join(':')}${parts[2] ? ` ${parts.slice(2).join(' ')}` : ''}`;
    return parts.filter((part) => part !== '').join(type === 'name' ? ' ' : ', ');
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([statement, answer]) => [statement, answerText(answer)] as const)
      .filter(([, answer]) => answer !== '')
      .map(([statement, answer]) => `${statement}: ${answer}`)
      .join('; ');
  }
  return String(value);
}
