/**
 * Refund part of an order (a paid or fulfilled one): for each line how many units to refund (0 to
 * what earlier refunds left) and whether they go back in stock, the amount (prefilled with what the
 * customer paid for the chosen units, refund-suggestion.ts, or everything left once every unit is
 * chosen; the owner may change it, at most what is left), the owner's reason and
 * whether the customer is emailed. It checks the amount first (refund-amount-check.ts), then asks
 * before it refunds, as the whole refund does, and shows the server's refusals under their fields.
 */
import { useState, type FormEvent } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { centsFromText, integerFromText, textFromCents, withUnreadableAmounts } from '../../lib/money-input.ts';
import { adminCall, type FieldErrors } from '../admin-api.ts';
import { CheckboxField, Field, Notice } from '../Field.tsx';
import { refusalText, useErrorFocus } from '../refused-save.ts';
import { NO_NOTICE, refusedNotice } from '../screen-notice.ts';
import { refundAmountProblem } from './refund-amount-check.ts';
import { refundSuggestion, type RefundSuggestion } from './refund-suggestion.ts';

/** An order line as the form offers it (the counts absent from a server older than refunds of part of an order). */
export interface RefundableLine {
  itemId?: string;
  productName: string;
  variantLabel?: string;
  quantity: number;
  unitPriceCents: number;
  takesStock?: boolean;
  refundedQuantity?: number;
  /** The line's share of the order's discount and of its tax, all units together (absent from an older server). */
  discountShareCents?: number;
  taxShareCents?: number;
}

interface PartialRefundProps {
  orderId: string;
  status: string;
  currency: string;
  testMode: boolean;
  /** The order's prices included its tax: the suggestion does not add the items' tax share (absent from an older server: added). */
  taxIncluded?: boolean;
  lines: readonly RefundableLine[];
  /** What can still be refunded: the total less every refund so far. */
  leftCents: number;
  money: (cents: number) => string;
  /** Told once refunded, with what to say; the screen reloads the order. */
  onRefunded: (doneText: string) => void;
  /** False on a store without a mail server: the notice is then kept with the order's emails, and the box says so. */
  canSendEmail?: boolean;
}

/** How many units of a line are left to refund. */
const unitsLeft = (line: RefundableLine): number => Math.max(0, line.quantity - (line.refundedQuantity ?? 0));

/** A line's name as the form says it: the product, with the variant when it has one. */
const lineName = (line: RefundableLine): string => (line.variantLabel ? `${line.productName} (${line.variantLabel})` : line.productName);

/** The lines the refund may take: those with an id (an older server sends none) and units left. */
function refundable(lines: readonly RefundableLine[]): Array<RefundableLine & { itemId: string }> {
  return lines.filter((line): line is RefundableLine & { itemId: string } => typeof line.itemId === 'string' && unitsLeft(line) > 0);
}

/**
 * "Put back in stock" as it starts: ticked for items that take stock while the order is not sent
 * (they are on the shelf or coming back), unticked once fulfilled, as a returned parcel is put
 * back only once it arrives and is checked.
 */
function restockByDefault(line: RefundableLine, status: string): boolean {
  return line.takesStock === true && status !== 'fulfilled';
}

/** How the suggested amount was made, in words: everything left, or the units' price, discount and tax. */
function suggestionText(suggestion: RefundSuggestion, everything: boolean, capped: boolean, taxIncluded: boolean, money: (cents: number) => string): string {
  if (everything) return ADMIN.refundSuggestedEverything;
  const said = (taxIncluded ? ADMIN.refundSuggestedPartsTaxIncluded : ADMIN.refundSuggestedParts)(money(suggestion.priceCents), suggestion.discountCents > 0 ? money(suggestion.discountCents) : null, suggestion.taxCents > 0 ? money(suggestion.taxCents) : null);
  return capped ? `${said} ${ADMIN.refundSuggestedCapped}` : said;
}

/** The server's errors of `lines.N.…` (N the position among the lines sent) under each line's own item id. */
function errorsByItem(fieldErrors: FieldErrors, sentItems: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrors)) {
    const match = /^lines\.(\d+)\.(\w+)$/.exec(field);
    const itemId = match ? sentItems[Number(match[1])] : undefined;
    errors[itemId !== undefined ? `item.${itemId}.${match![2]}` : field] = message;
  }
  return errors;
}

export function PartialRefund({ orderId, status, currency, testMode, taxIncluded = false, lines, leftCents, money, onRefunded, canSendEmail = true }: PartialRefundProps) {
  const offered = refundable(lines);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [restock, setRestock] = useState<Record<string, boolean>>({});
  // null while the amount follows the chosen units; the owner's own text once they type one
  const [amountText, setAmountText] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [notify, setNotify] = useState(true);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState(NO_NOTICE);
  const [formRef, focusFirstError] = useErrorFocus();

  const quantityOf = (itemId: string): number => integerFromText(quantities[itemId] ?? '0');
  const restockOf = (line: RefundableLine & { itemId: string }): boolean => restock[line.itemId] ?? restockByDefault(line, status);
  const chosen = offered.filter((line) => quantityOf(line.itemId) !== 0);
  const anyUnits = chosen.some((line) => quantityOf(line.itemId) > 0);
  // every unit left chosen: everything left, shipping included, so refunding it all leaves nothing behind
  const everything = offered.length > 0 && offered.every((line) => quantityOf(line.itemId) === unitsLeft(line));
  // otherwise what the customer paid for the chosen units (their price less their share of the discount, plus their
  // share of the tax), at most what is left (earlier refunds of money alone may have taken some)
  const suggestion = refundSuggestion(chosen.map((line) => ({ line, units: quantityOf(line.itemId) })), taxIncluded);
  const suggestedCents = everything ? leftCents : Math.min(suggestion.totalCents, leftCents);
  const shownAmount = amountText ?? (anyUnits ? textFromCents(suggestedCents, currency) : '');
  const suggested = amountText === null && anyUnits ? suggestionText(suggestion, everything, suggestion.totalCents > leftCents, taxIncluded, money) : '';
  const amountCents = shownAmount.trim() === '' ? Number.NaN : centsFromText(shownAmount, currency);
  const amountReadable = Number.isFinite(amountCents) && amountCents > 0;

  function setQuantity(itemId: string, text: string) {
    setQuantities((before) => ({ ...before, [itemId]: text }));
    // the amount follows the units again
    setAmountText(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // an amount the store would refuse is marked at once, and the owner is not asked about it
    const amountProblem = refundAmountProblem(shownAmount, currency, leftCents, money);
    if (amountProblem !== null) {
      setErrors({ amountCents: amountProblem });
      setNotice({ text: ADMIN.fixErrors, kind: 'error' });
      focusFirstError();
      return;
    }
    const units = chosen.reduce((sum, line) => sum + (Number.isFinite(quantityOf(line.itemId)) ? quantityOf(line.itemId) : 0), 0);
    if (!window.confirm(ADMIN.confirmPartialRefund(amountReadable ? money(amountCents) : shownAmount, units, testMode))) return;
    const sentItems = chosen.map((line) => line.itemId);
    // an unreadable amount or quantity goes as NaN, which JSON sends as null: the server names its field
    const payload = {
      lines: chosen.map((line) => ({ itemId: line.itemId, quantity: quantityOf(line.itemId), restock: line.takesStock === true && restockOf(line) })),
      amountCents,
      reason,
      notifyCustomer: notify,
    };
    setBusy(true);
    setNotice(NO_NOTICE);
    const answer = await adminCall('POST', `/api/admin/orders/${encodeURIComponent(orderId)}/refunds`, payload);
    setBusy(false);
    if (!answer.ok) {
      setErrors(errorsByItem(withUnreadableAmounts(answer.fieldErrors, payload, currency), sentItems));
      setNotice(refusedNotice(answer, refusalText(answer)));
      focusFirstError();
      return;
    }
    setErrors({});
    setQuantities({});
    setRestock({});
    setAmountText(null);
    setReason('');
    onRefunded(ADMIN.partlyRefundedDone(money(amountCents)));
  }

  return (
    <details className="admin-partial-refund">
      <summary>{ADMIN.partialRefund}</summary>
      <form className="admin-form" ref={formRef} onSubmit={submit} noValidate aria-label={ADMIN.partialRefund}>
        <p className="admin-hint">{ADMIN.partialRefundHint}</p>
        {offered.map((line) => {
          const left = unitsLeft(line);
          return (
            <fieldset key={line.itemId} className="admin-refund-line">
              <legend>{lineName(line)} · {money(line.unitPriceCents)}</legend>
              <Field label={ADMIN.refundQuantity(lineName(line))} hint={ADMIN.refundQuantityLeft(left)}
                error={errors[`item.${line.itemId}.quantity`] ?? errors[`item.${line.itemId}.itemId`]}>
                {(control) => (
                  <input {...control} type="number" inputMode="numeric" min={0} max={left} step={1}
                    value={quantities[line.itemId] ?? '0'} onChange={(event) => setQuantity(line.itemId, event.target.value)} />
                )}
              </Field>
              {line.takesStock ? (
                <CheckboxField label={ADMIN.putBackInStock} checked={restockOf(line)} error={errors[`item.${line.itemId}.restock`]}
                  onChange={(value) => setRestock((before) => ({ ...before, [line.itemId]: value }))} />
              ) : null}
            </fieldset>
          );
        })}
        <Field label={ADMIN.refundAmount} hint={[ADMIN.refundAmountLimit(money(leftCents)), suggested, taxIncluded ? ADMIN.refundAmountHintTaxIncluded : ADMIN.refundAmountHint].filter(Boolean).join(' ')} error={errors.amountCents}>
          {(control) => (
            <input {...control} type="text" inputMode="decimal" autoComplete="off" value={shownAmount} onChange={(event) => setAmountText(event.target.value)} />
          )}
        </Field>
        <Field label={ADMIN.refundReason} hint={ADMIN.refundReasonHint} error={errors.reason}>
          {(control) => <textarea {...control} rows={2} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />}
        </Field>
        <CheckboxField label={ADMIN.refundEmailCustomer} checked={notify} onChange={setNotify} error={errors.notifyCustomer} hint={canSendEmail ? undefined : ADMIN.partialRefundNoticeNoMail} />
        <Notice text={errors._ ?? errors.lines ?? ''} kind="error" />
        <div className="admin-actions">
          <button type="submit" disabled={busy}>{amountReadable ? ADMIN.refundPart(money(amountCents)) : ADMIN.refundPartNoAmount}</button>
        </div>
        <Notice text={notice.text} kind={notice.kind} />
      </form>
    </details>
  );
}
