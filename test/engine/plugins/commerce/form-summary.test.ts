import { describe, expect, test } from 'vitest';
import { likertAnswers, likertLabels } from '../../../../engine/plugins/commerce/form-summary.ts';

describe('likert answers', () => {
  test('the scale from -2 to 2 reads Strongly Disagree, Disagree, Neutral, Agree, Strongly Agree', () => {
    const labels = likertLabels(undefined);
    const values = { a: '-2', b: '-1', c: '0', d: '1', e: 2 };
    expect(likertAnswers(values, labels).map((answer) => answer.answer)).toEqual([
      'Strongly Disagree',
      'Disagree',
      'Neutral',
      'Agree',
      'Strongly Agree',
    ]);
  });

  test('answers off the scale read as neutral; questions keep their order', () => {
    expect(likertAnswers({ q1: '7', q2: '1' }, likertLabels({}))).toEqual([
      { question: 'q1', answer: 'Neutral' },
      { question: 'q2', answer: 'Agree' },
    ]);
    expect(likertAnswers('x', likertLabels({}))).toEqual([]);
  });

  test('translated labels replace the defaults', () => {
    const labels = likertLabels({ productAnswerMapAgree: "D'accord" });
    expect(labels['1']).toBe("D'accord");
    expect(labels['2']).toBe('Strongly Agree');
  });
});
