/**
 * How each kind of form answer is summarised (for order summaries), keyed by
 * field type. Each template is rendered isolated against the field (its
 * `values` object or `value`); likert answers are rendered against
 * `{ answers: [{ question, answer }] }` built by the formatter. A field type
 * without a template shows its `value` as is.
 */
export const FORM_FIELD_SUMMARY_TEMPLATES: Readonly<Record<string, string>> = {
  address:
    '<div style="padding-left:5px;">\n' +
    '  <div>{values.Line1}</div>' +
    '{.if values.Line2}\n  <div>{values.Line2}</div>{.end}\n' +
    '  <div>{values.City}, {values.State} {values.Zip} {values.Country}</div>\n' +
    '</div>',
  checkbox:
    '{.if values}{.repeated section values}{@}{.alternates with}, {.end}\n' +
    '{.or}{.if value}{value}{.end}{.end}',
  date: '{values.Month}/{values.Day}/{values.Year}',
  likert:
    '<div style="padding-left:5px;">' +
    '{.repeated section answers}\n  <div><span style="font-weight:bold;">{question}:</span> {answer}</div>{.end}\n' +
    '</div>',
  name: '{values.First} {values.Last}',
  phone: '{.if values.Country}+{values.Country} {.end}{values.Areacode}-{values.Prefix}-{values.Line}',
  time:
    '{.if values.Hour}{values.Hour}{.or}00{.end}:' +
    '{.if values.Minute}{values.Minute}{.or}00{.end}:' +
    '{.if values.Second}{values.Second}{.or}00{.end} {values.Ampm}',
};
