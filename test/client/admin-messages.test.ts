/**
 * The admin's catalogue: every sentence it says ends with its full stop (a hint under a field,
 * a notice, each of the server's answers); labels, buttons and headings have none.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN } from '../../client/lib/admin-messages.ts';

const SENTENCE_END = /[.?!]$/;
const filled = (text: string) => text.replace(/\{(\w+)\}/g, 'x');

describe('the admin catalogue', () => {
  it('ends every hint and every answer of the server with a full stop', () => {
    const hints = Object.entries(ADMIN).filter(([key, value]) => typeof value === 'string' && (/Hint$/.test(key) || key === 'commaSeparated'));
    expect(hints.length).toBeGreaterThan(5);
    // a piece filled into another answer, not an answer of its own: stockChanged lists it in {variants}, the import's refusals for size end with {split},
    // and a live refund of an order whose provider is not named says {provider} with it
    const pieces = new Set(['stockChangedVariant', 'importSplit', 'refundProviderUnnamed']);
    expect(ADMIN.server.stockChanged).toContain('{variants}');
    expect(ADMIN.server.importTooLarge).toContain('{split}');
    expect(ADMIN.server.refundProviderMissing).toContain('{provider}');
    const server = Object.entries(ADMIN.server).filter(([key]) => !pieces.has(key));
    const missing = [...hints, ...server].filter(([, value]) => !SENTENCE_END.test(filled(value as string))).map(([key]) => key);
    expect(missing).toEqual([]);
  });
});
