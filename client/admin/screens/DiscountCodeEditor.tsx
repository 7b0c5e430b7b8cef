/**
 * Make or change one discount code: its code, what it takes off (a percentage, an amount in the
 * store's money, or free shipping), the order it needs, its first and last day (whole days in the
 * store's time zone), its use limit, whether once per customer and, for a percentage or an amount,
 * what it applies to (DiscountTargets.tsx); the server checks everything
 * and names the fields it refuses. A saved code is stopped, started again or deleted (only while no
 * order used it), each asked first; the orders that used it are listed, linked to their screens.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { ADMIN_PATHS } from '../../lib/admin-paths.ts';
import { DISCOUNT_KINDS, type DiscountKind } from '../../lib/discount-code.ts';
import { formatMoney } from '../../lib/money.ts';
import { adminCall, type FieldErrors } from '../admin-api.ts';
import type { Navigate } from '../AdminApp.tsx';
import { CardTableHead } from '../CardTableHead.tsx';
import { CheckboxField, Field, Notice } from '../Field.tsx';
import { replaceAddress } from '../history-position.ts';
import { centsFromText, integerFromText, textFromCents, withUnreadableAmounts } from '../../lib/money-input.ts';
import { useFocusAfterCall } from '../focus-after-call.ts';
import { refusalText, useErrorFocus } from '../refused-save.ts';
import { NO_NOTICE, refusedNotice, useScreenNotice } from '../screen-notice.ts';
import { StoreDate } from '../StoreDate.tsx';
import { useStoreCurrency } from '../store-currency.ts';
import { useStoreMoneyFormat } from '../store-money-format.ts';
import { useStoreTimeZone } from '../store-time-zone.ts';
import { TableRegion } from '../TableRegion.tsx';
import { basisPointsFromText, textFromBasisPoints } from '../tax-rate-input.ts';
import { forgetUnsavedChanges, hasEdits, useUnsavedChanges } from '../unsaved-changes.ts';
import { searchAndPageQuery, useAddressQuery } from '../use-address-query.ts';
import { useCall } from '../use-call.ts';
import { orderLabel } from './OrdersScreen.tsx';
import { discountUsesText, type DiscountCodeSummary } from './DiscountsScreen.tsx';
import { DiscountTargets, type DiscountTargetsValue } from './DiscountTargets.tsx';

interface StoredCode extends DiscountCodeSummary {
  uses: Array<{ orderId: string; orderNumber: number | null; currency: string; amountCents: number; createdOn: number; returnedOn: number | null }>;
}
interface CodeAnswer { discountCode: StoredCode }

/** The form as typed: every field as text (but the checkbox), the kind's own only sent. */
interface CodeForm extends DiscountTargetsValue {
  code: string; kind: DiscountKind; percent: string; amount: string; minimum: string; firstDay: string; lastDay: string; usageLimit: string;
  oncePerCustomer: boolean;
}

const EMPTY: CodeForm = {
  code: '', kind: 'percent', percent: '', amount: '', minimum: '', firstDay: '', lastDay: '', usageLimit: '', oncePerCustomer: false, appliesTo: 'order', targets: [],
};

function formOf(code: StoredCode): CodeForm {
  return {
    code: code.code, kind: code.kind,
    percent: code.kind === 'percent' ? textFromBasisPoints(code.percentBasisPoints) : '',
    amount: code.kind === 'amount' ? textFromCents(code.amountCents, code.currency) : '',
    // no minimum is shown empty, never as 0.00
    minimum: code.minimumSubtotalCents === 0 ? '' : textFromCents(code.minimumSubtotalCents, code.currency),
    firstDay: code.firstDay ?? '', lastDay: code.lastDay ?? '',
    usageLimit: code.usageLimit === null ? '' : String(code.usageLimit),
    oncePerCustomer: code.oncePerCustomer,
    appliesTo: code.appliesTo, targets: [...code.targets],
  };
}

function payloadOf(form: CodeForm, currency: string) {
  const limit = form.usageLimit.trim();
  return {
    code: form.code,
    kind: form.kind,
    // unreadable text is sent as NaN (null), which the server names under the field
    percentBasisPoints: form.kind === 'percent' ? basisPointsFromText(form.percent) : null,
    amountCents: form.kind === 'amount' ? centsFromText(form.amount, currency) : null,
    minimumSubtotalCents: form.minimum.trim() === '' ? 0 : centsFromText(form.minimum, currency),
    startsOn: form.firstDay,
    endsOn: form.lastDay,
    // empty is no limit (null): text that is no whole number goes as typed, for the server to name, never as no limit
    usageLimit: limit === '' ? null : Number.isNaN(integerFromText(limit)) ? limit : integerFromText(limit),
    oncePerCustomer: form.oncePerCustomer,
    // free shipping is the whole order's, whatever was ticked for another kind
    appliesTo: form.kind === 'free-shipping' ? 'order' : form.appliesTo,
    targets: form.kind === 'free-shipping' ? [] : form.targets,
  };
}

export function DiscountCodeEditor({ discountCodeId: openedId, navigate, canManage }: { discountCodeId: string | null; navigate: Navigate; canManage: boolean }) {
  // a new code gets its id when first saved; the editor stays open on it
  const [discountCodeId, setDiscountCodeId] = useState(openedId);
  const currency = useStoreCurrency();
  const moneyFormat = useStoreMoneyFormat();
  const zone = useStoreTimeZone() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [form, setForm] = useState<CodeForm | null>(openedId === null ? EMPTY : null);
  // the form as loaded or last saved: any difference is an unsaved edit
  const [saved, setSaved] = useState<CodeForm | null>(form);
  const [stored, setStored] = useState<StoredCode | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useScreenNotice();
  // one call at a time: a second tap while one is on its way sends nothing
  const [busy, setBusy] = useState(false);
  const opened = useCall<CodeAnswer>(openedId === null ? null : `/api/admin/discount-codes/${encodeURIComponent(openedId)}`);
  const [formRef, focusFirstError] = useErrorFocus();
  useUnsavedChanges(form !== null && hasEdits(form, saved));
  const [address] = useAddressQuery();
  const backToList = `${ADMIN_PATHS.discounts}${searchAndPageQuery(address)}`;
  const show = (code: StoredCode) => {
    const shown = formOf(code);
    setStored(code);
    setForm(shown);
    setSaved(shown);
  };

  useEffect(() => {
    if (opened.data) show(opened.data.discountCode);
  }, [opened.data]);

  // Stop and Start replace each other: the focus goes to the one that replaced the one pressed
  const saveButton = useRef<HTMLButtonElement>(null);
  const stateButton = useRef<HTMLButtonElement>(null);
  const focusAfterCall = useFocusAfterCall(busy);
  const callStarted = (fallback: 'save' | 'state') => focusAfterCall(fallback === 'save' ? saveButton : stateButton);

  if (!form) return <><Notice text={opened.error} kind="error" />{opened.error ? null : <p>{ADMIN.loading}</p>}</>;
  const update = (change: Partial<CodeForm>) => setForm({ ...form, ...change });
  const go = (event: { preventDefault(): void }, to: string) => {
    event.preventDefault();
    navigate(to);
  };
  const codePath = (id: string) => `/api/admin/discount-codes/${encodeURIComponent(id)}`;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setNotice(NO_NOTICE);
    callStarted('save');
    const payload = payloadOf(form!, currency);
    const answer = discountCodeId === null
      ? await adminCall<CodeAnswer>('POST', '/api/admin/discount-codes', payload)
      : await adminCall<CodeAnswer>('PUT', codePath(discountCodeId), payload);
    setBusy(false);
    if (!answer.ok) {
      setErrors(withUnreadableAmounts(answer.fieldErrors, payload, currency));
      setNotice(refusedNotice(answer, refusalText(answer)));
      focusFirstError();
      return;
    }
    setErrors({});
    show(answer.data.discountCode);
    setNotice({ text: ADMIN.discountSaved, kind: 'info' });
    if (discountCodeId === null) {
      setDiscountCodeId(answer.data.discountCode.id);
      replaceAddress(ADMIN_PATHS.discountCode(answer.data.discountCode.id));
    }
  }

  /** Stop or start again: the code's state changes, the form keeps whatever is typed in it. */
  async function move(action: 'stop' | 'start', question: string, done: string) {
    if (discountCodeId === null || busy || !window.confirm(question)) return;
    setBusy(true);
    callStarted('state');
    const answer = await adminCall<CodeAnswer>('POST', `${codePath(discountCodeId)}/${action}`, {});
    setBusy(false);
    if (answer.ok) {
      setStored(answer.data.discountCode);
      setNotice({ text: done, kind: 'info' });
    } else setNotice(refusedNotice(answer));
  }

  async function remove() {
    if (discountCodeId === null || stored === null || busy || !window.confirm(ADMIN.confirmDeleteDiscountCode(stored.code))) return;
    setBusy(true);
    callStarted('state');
    const answer = await adminCall('DELETE', codePath(discountCodeId));
    setBusy(false);
    if (answer.ok) {
      // nothing is left to save
      forgetUnsavedChanges();
      navigate(ADMIN_PATHS.discounts);
    } else setNotice(refusedNotice(answer));
  }

  const error = (name: string) => errors[name];
  const used = stored !== null && (stored.timesUsed > 0 || stored.uses.length > 0);
  const stopped = stored?.stoppedOn != null;
  const orderLink = (orderId: string, label: string) => (
    <a href={ADMIN_PATHS.order(orderId)} onClick={(event) => go(event, ADMIN_PATHS.order(orderId))}>{label}</a>
  );
  return (
    <section aria-labelledby="discount-title">
      <div className="admin-toolbar">
        <h1 id="discount-title">{stored === null ? ADMIN.newDiscountCode : ADMIN.discountCodeTitle(stored.code)}</h1>
        <a href={backToList} onClick={(event) => go(event, backToList)}>{ADMIN.backToDiscounts}</a>
      </div>
      {stored !== null ? (
        <p className="admin-status" data-discount-state={stored.state}>
          {ADMIN.status}: {ADMIN.discountStates[stored.state]} · {discountUsesText(stored)}
        </p>
      ) : null}
      {canManage ? null : <p className="admin-hint">{ADMIN.readOnlyRole}</p>}
      <form className="admin-form" ref={formRef} onSubmit={save} noValidate>
        <fieldset disabled={!canManage || busy}>
          <Field label={ADMIN.discountCode} hint={ADMIN.discountCodeHint} error={error('code')}>
            {(control) => <input {...control} value={form.code} maxLength={32} autoCapitalize="characters" autoCorrect="off" spellCheck={false} autoComplete="off"
              onChange={(event) => update({ code: event.target.value })} />}
          </Field>
          <div className="admin-row">
            <Field label={ADMIN.discountTakesOff} error={error('kind')}>
              {(control) => (
                <select {...control} value={form.kind} onChange={(event) => update({ kind: event.target.value as DiscountKind })}>
                  {DISCOUNT_KINDS.map((kind) => <option key={kind} value={kind}>{ADMIN.discountKinds[kind]}</option>)}
                </select>
              )}
            </Field>
            {form.kind === 'percent' ? (
              <Field label={ADMIN.discountPercent} hint={ADMIN.discountPercentHint} error={error('percentBasisPoints')}>
                {(control) => <input {...control} inputMode="decimal" value={form.percent} onChange={(event) => update({ percent: event.target.value })} />}
              </Field>
            ) : null}
            {form.kind === 'amount' ? (
              <Field label={ADMIN.discountAmount} error={error('amountCents')}
                hint={stored?.kind === 'amount' && stored.currency !== currency ? ADMIN.discountOtherCurrency(stored.currency) : undefined}>
                {(control) => <input {...control} inputMode="decimal" value={form.amount} onChange={(event) => update({ amount: event.target.value })} />}
              </Field>
            ) : null}
          </div>
          {form.kind !== 'free-shipping' ? (
            <DiscountTargets value={{ appliesTo: form.appliesTo, targets: form.targets }} error={error('targets') ?? error('appliesTo')} onChange={update} />
          ) : null}
          <Field label={ADMIN.discountMinimumOptional} hint={ADMIN.discountMinimumHint} error={error('minimumSubtotalCents')}>
            {(control) => <input {...control} inputMode="decimal" value={form.minimum} onChange={(event) => update({ minimum: event.target.value })} />}
          </Field>
          <div className="admin-row">
            <Field label={ADMIN.discountStartsOn} error={error('startsOn')}>
              {(control) => <input {...control} type="date" value={form.firstDay} onChange={(event) => update({ firstDay: event.target.value })} />}
            </Field>
            <Field label={ADMIN.discountEndsOn} error={error('endsOn')}>
              {(control) => <input {...control} type="date" value={form.lastDay} min={form.firstDay || undefined} onChange={(event) => update({ lastDay: event.target.value })} />}
            </Field>
          </div>
          <p className="admin-hint">{ADMIN.discountDatesHint(zone)}</p>
          <Field label={ADMIN.discountUsageLimit} hint={ADMIN.discountUsageLimitHint} error={error('usageLimit')}>
            {(control) => <input {...control} inputMode="numeric" value={form.usageLimit} onChange={(event) => update({ usageLimit: event.target.value })} />}
          </Field>
          <CheckboxField label={ADMIN.discountOncePerCustomer} hint={ADMIN.discountOncePerCustomerHint} checked={form.oncePerCustomer}
            onChange={(oncePerCustomer) => update({ oncePerCustomer })} error={error('oncePerCustomer')} />

          <Notice text={notice.text} kind={notice.kind} />
          {canManage ? (
            <div className="admin-actions">
              <button type="submit" ref={saveButton}>{busy ? ADMIN.saving : ADMIN.save}</button>
              {stored !== null ? (
                stopped
                  ? <button type="button" ref={stateButton} onClick={() => void move('start', ADMIN.confirmStartDiscountCode(stored.code), ADMIN.discountStartedDone)}>{ADMIN.startDiscountCode}</button>
                  : <button type="button" ref={stateButton} onClick={() => void move('stop', ADMIN.confirmStopDiscountCode(stored.code), ADMIN.discountStoppedDone)}>{ADMIN.stopDiscountCode}</button>
              ) : null}
              {stored !== null && !used ? <button type="button" className="admin-danger" onClick={() => void remove()}>{ADMIN.delete}</button> : null}
            </div>
          ) : null}
          {canManage && used ? <p className="admin-hint">{ADMIN.discountUsedKeep}</p> : null}
        </fieldset>
      </form>

      {stored !== null ? (
        <>
          <h2 id="discount-uses">{ADMIN.discountUsesTitle}</h2>
          {stored.uses.length === 0 ? <p>{ADMIN.discountNoUses}</p> : (
            <TableRegion label={ADMIN.discountUsesTitle}>
              <table role="table" className="admin-table admin-table--cards" aria-labelledby="discount-uses">
                <CardTableHead columns={[ADMIN.orderNumber, ADMIN.date, ADMIN.discountTookOff]} />
                <tbody role="rowgroup">
                  {stored.uses.map((use) => (
                    <tr role="row" key={use.orderId}>
                      <td role="cell" data-label={ADMIN.orderNumber}>{orderLink(use.orderId, orderLabel({ id: use.orderId, orderNumber: use.orderNumber }))}</td>
                      <td role="cell" data-label={ADMIN.date}><StoreDate on={use.createdOn} /></td>
                      <td role="cell" data-label={ADMIN.discountTookOff}>
                        {formatMoney(use.amountCents, use.currency, moneyFormat)}
                        {use.returnedOn !== null ? <small className="admin-hint"> · {ADMIN.discountUseGivenBack}</small> : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )}
        </>
      ) : null}
    </section>
  );
}
