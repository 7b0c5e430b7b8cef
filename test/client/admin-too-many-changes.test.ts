/**
 * A write refused for the owner's budget of changes a minute (429) says how long to wait, from the
 * answer's Retry-After, and that nothing was saved: the shop's general "a few seconds" could mean
 * most of a minute to an owner in the middle of a stocktake.
 */
import { describe, expect, it } from 'vitest';
import { answerOf, SIGN_IN_PATH } from '../../client/admin/admin-api.ts';
import { ADMIN } from '../../client/lib/admin-messages.ts';

const refused = JSON.stringify({ message: 'Please try again in a few seconds.' });

describe('a write refused as too many', () => {
  it('names the seconds to wait from Retry-After', () => {
    const answer = answerOf('/api/admin/inventory/v1', 429, refused, '48');
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.message).toBe(ADMIN.tooManyChanges(48));
    expect(answer.message).toContain('Wait 48 seconds');
    expect(answer.message).toContain('nothing was saved');
  });

  it('asks for a moment when the answer gives no usable wait', () => {
    for (const retryAfter of [null, '', 'soon', '1', 'Wed, 21 Oct 2015 07:28:00 GMT']) {
      const answer = answerOf('/api/admin/inventory/v1', 429, refused, retryAfter);
      if (answer.ok) throw new Error('refused');
      expect(answer.message).toBe(ADMIN.tooManyChanges(null));
    }
  });

  it('says a refused sign-in is for wrong passwords, not changes, with the wait in seconds or minutes', () => {
    for (const [retryAfter, wait] of [['2', 'Wait 2 seconds'], ['900', 'Wait 15 minutes'], [null, 'Wait a moment']] as const) {
      const answer = answerOf(SIGN_IN_PATH, 429, JSON.stringify({ message: 'Too many sign-in attempts.' }), retryAfter);
      if (answer.ok) throw new Error('refused');
      expect(answer.message).toContain('Too many wrong passwords in a row');
      expect(answer.message).toContain(wait);
      expect(answer.message).not.toContain('saved');
    }
  });

  it('leaves every other refusal its own message', () => {
    const answer = answerOf('/api/admin/products/p1', 409, JSON.stringify({ message: 'changed elsewhere' }), '48');
    if (answer.ok) throw new Error('refused');
    expect(answer.message).toBe('changed elsewhere');
  });
});
