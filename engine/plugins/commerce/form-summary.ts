/**
 * Summaries of form answers (the extra-fields form of a product), as shown
 * in order summaries: likert answers in words, and the empty-answer text.
 */
import { LIKERT_LABELS } from '../enums.ts';
import { asString, getChild, isObject } from '../../runtime/values.ts';
import { textOf } from '../core/node-coercion.ts';

/** Keys of the translated likert labels under localizedStrings, by scale value. */
const LIKERT_TRANSLATION_KEYS: Readonly<Record<keyof typeof LIKERT_LABELS, string>> = {
  '-2': 'productAnswerMapStronglyDisagree',
  '-1': 'productAnswerMapDisagree',
  '0': 'productAnswerMapNeutral',
  '1': 'productAnswerMapAgree',
  '2': 'productAnswerMapStronglyAgree',
};

export type LikertLabels = Readonly<Record<keyof typeof LIKERT_LABELS, string>>;

/** The likert labels from -2 to 2, translated where localizedStrings has an entry for them. */
export function likertLabels(localizedStrings: unknown): LikertLabels {
  const label = (value: keyof typeof LIKERT_LABELS): string => {
    const translated = getChild(localizedStrings, LIKERT_TRANSLATION_KEYS[value]);
    return translated === undefined ? LIKERT_LABELS[value] : textOf(translated);
  };
  return { '-2': label('-2'), '-1': label('-1'), '0': label('0'), '1': label('1'), '2': label('2') };
}

export interface LikertAnswer {
  readonly question: string;
  readonly answer: string;
}

/** Likert answers ({ question: "-2".."2" }) in words; a value off the scale reads as neutral. */
export function likertAnswers(values: unknown, labels: LikertLabels): LikertAnswer[] {
  if (!isObject(values)) return [];
  return Object.keys(values).map((question) => {
    const scale = asString(values[question]);
    const answer = Object.prototype.hasOwnProperty.call(labels, scale)
      ? labels[scale as keyof LikertLabels]
      : labels['0'];
    return { question, answer };
  });
}
