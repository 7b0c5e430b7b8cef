/**
 * `summary-form-field`: one answered form field as a line of an order
 * summary, "<title>: <answer>", with N/A (or its translation) for no answer.
 */
import type { FormatterTable, RenderContext } from '../types.ts';
import { messages } from '../../messages.ts';
import { asRecord, asString, isTruthy } from '../../runtime/values.ts';
import { likertAnswers, likertLabels } from './form-summary.ts';
import { localizedOr } from './lookup.ts';
import { FORM_FIELD_SUMMARY_TEMPLATES } from './templates/form-field-summary.ts';

/** The answer of a field: rendered by its type's template, or its plain value. */
function answerOf(field: unknown, ctx: RenderContext): unknown {
  const type = asString(asRecord(field)?.type);
  const template = Object.prototype.hasOwnProperty.call(FORM_FIELD_SUMMARY_TEMPLATES, type)
    ? FORM_FIELD_SUMMARY_TEMPLATES[type]
    : undefined;
  if (template === undefined) return asRecord(field)?.value;
  if (type === 'likert') {
    const answers = likertAnswers(asRecord(field)?.values, likertLabels(ctx.resolve(['localizedStrings'])));
    return ctx.renderTemplate(template, { answers }, true);
  }
  return ctx.renderTemplate(template, field, true);
}

export const formSummaryFormatters: FormatterTable = {
  'summary-form-field': {
    apply: (field, _args, ctx) => {
      const answer = answerOf(field, ctx);
      const shown = isTruthy(answer)
        ? asString(answer)
        : localizedOr(ctx, 'productSummaryFormNoAnswerText', messages.formAnswerEmpty);
      return (
        '<div style="font-size:11px; margin-top:3px">\n' +
        `  <span style="font-weight:bold;">${asString(asRecord(field)?.rawTitle)}:</span> ${shown}\n` +
        '</div>'
      );
    },
  },
};
