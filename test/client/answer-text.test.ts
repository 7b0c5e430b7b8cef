import { describe, expect, it } from 'vitest';
import { answerText } from '../../client/lib/answer-text.ts';

describe('answerText', () => {
  it('reads each kind of answer as words, leaving out what was not filled in', () => {
    expect(answerText('Hello')).toBe('Hello');
    expect(answerText(undefined)).toBe('');
    expect(answerText(['Ana', 'Shopper'], 'name')).toBe('Ana Shopper');
    expect(answerText(['', '', ''], 'phone')).toBe('');
    expect(answerText(['555', '', '0100'], 'phone')).toBe('555, 0100');
    expect(answerText(['12', '25', '2026'], 'date')).toBe('12/25/2026');
    expect(answerText(['10', '30', 'AM'], 'time')).toBe('10:30 AM');
    expect(answerText(['Email', 'Phone'], 'checkbox')).toBe('Email, Phone');
    expect(answerText([], 'checkbox')).toBe('');
    expect(answerText({ 'The glaze': 'Agree', 'The size': '' }, 'likert')).toBe('The glaze: Agree');
    expect(answerText({}, 'likert')).toBe('');
    expect(answerText(12.5)).toBe('12.5');
  });
});
