/**
 * What a percentage or amount code takes from, in the discount code's form: the whole order, or
 * the products or categories ticked in a list of the shop's (server/admin/discount-code-calls.ts),
 * the products found by words of their title once the shop has many. Switching between them
 * clears the ticks, as products and categories are different things. The server checks the
 * choice and names its problem under the list (discount-code-input.ts).
 */
import { useId, useState } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { DISCOUNT_APPLIES_TO, type DiscountAppliesTo } from '../../lib/discount-code.ts';
import { CheckboxField, Field, Notice } from '../Field.tsx';
import { useCall } from '../use-call.ts';

/** From this many products the list has a box to find them by their title. */
export const PRODUCT_SEARCH_FROM = 10;

interface TargetChoices {
  products: Array<{ id: string; title: string }>;
  categories: string[];
}

export interface DiscountTargetsValue {
  appliesTo: DiscountAppliesTo;
  targets: string[];
}

export function DiscountTargets({ value, error, onChange }: { value: DiscountTargetsValue; error?: string; onChange: (value: DiscountTargetsValue) => void }) {
  const { appliesTo, targets } = value;
  // read once the owner limits the code, not for every whole-order code opened
  const choices = useCall<TargetChoices>(appliesTo === 'order' ? null : '/api/admin/discount-code-targets');
  const [words, setWords] = useState('');
  const errorId = useId();
  const products = appliesTo === 'products';
  const options = products
    ? (choices.data?.products ?? []).map((product) => ({ value: product.id, label: product.title }))
    : (choices.data?.categories ?? []).map((category) => ({ value: category, label: category }));
  const searchable = products && options.length >= PRODUCT_SEARCH_FROM;
  const find = words.trim().toLocaleLowerCase();
  // a ticked product the search hides stays ticked: the legend counts it
  const shown = searchable && find !== '' ? options.filter((option) => option.label.toLocaleLowerCase().includes(find)) : options;
  const tick = (target: string, ticked: boolean) => onChange({ appliesTo, targets: ticked ? [...targets, target] : targets.filter((chosen) => chosen !== target) });
  const empty = products ? ADMIN.discountNoProductsInShop : ADMIN.discountNoCategoriesInShop;
  return (
    <>
      <Field label={ADMIN.discountAppliesTo} hint={ADMIN.discountAppliesToHint}>
        {(control) => (
          <select {...control} value={appliesTo} onChange={(event) => onChange({ appliesTo: event.target.value as DiscountAppliesTo, targets: [] })}>
            {DISCOUNT_APPLIES_TO.map((choice) => <option key={choice} value={choice}>{ADMIN.discountAppliesToKinds[choice]}</option>)}
          </select>
        )}
      </Field>
      {appliesTo !== 'order' ? (
        <fieldset className="admin-discount-targets" aria-describedby={error ? errorId : undefined}>
          <legend>{products ? ADMIN.discountProducts : ADMIN.discountCategories} · {ADMIN.discountTicked(targets.length)}</legend>
          {error ? <span id={errorId} className="admin-field-error" role="alert">{error}</span> : null}
          <Notice text={choices.error} kind="error" />
          {choices.data && options.length === 0 ? <p className="admin-hint">{empty}</p> : null}
          {searchable ? (
            <Field label={ADMIN.discountFindProduct}>
              {(control) => <input {...control} type="search" value={words} autoComplete="off" onChange={(event) => setWords(event.target.value)} />}
            </Field>
          ) : null}
          {searchable && shown.length === 0 ? <p className="admin-hint" role="status">{ADMIN.discountNoProductMatches}</p> : null}
          <div className="admin-discount-target-list">
            {shown.map((option) => (
              <CheckboxField key={option.value} label={option.label} checked={targets.includes(option.value)} onChange={(ticked) => tick(option.value, ticked)} />
            ))}
          </div>
        </fieldset>
      ) : null}
    </>
  );
}
