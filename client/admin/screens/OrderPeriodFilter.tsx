/**
 * The days of the orders list: any date, a named period (today, the last 7 days, this month) or
 * the days between two dates, in the store's time zone. A named period applies as it is chosen;
 * dates apply with Show, once they are in order.
 */
import { useState } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { ORDER_PERIODS } from '../../lib/order-periods.ts';
import { Field } from '../Field.tsx';

/** The filter as the address and the calls carry it: a period, or days from and to (YYYY-MM-DD); all empty for any date. */
export interface PeriodChoice {
  period: string;
  from: string;
  to: string;
}

const ANY = 'all';
const CUSTOM = 'custom';

export function OrderPeriodFilter({ choice, timeZone, onChoose }: { choice: PeriodChoice; timeZone: string | null; onChoose: (choice: PeriodChoice) => void }) {
  const chosenDays = choice.period === '' && (choice.from !== '' || choice.to !== '');
  // "Between dates" picked, its dates not shown yet
  const [picking, setPicking] = useState(false);
  const [from, setFrom] = useState(choice.from);
  const [to, setTo] = useState(choice.to);
  const [problem, setProblem] = useState('');
  // the list moved to other days (Back, Forward, Show): the fields show them, the focus staying put
  const [shown, setShown] = useState(choice);
  if (shown.period !== choice.period || shown.from !== choice.from || shown.to !== choice.to) {
    setShown(choice);
    setFrom(choice.from);
    setTo(choice.to);
    setPicking(false);
    setProblem('');
  }
  // "Between dates" just picked wins over the period the list still shows until its dates are given
  const selected = picking ? CUSTOM : choice.period !== '' ? choice.period : chosenDays ? CUSTOM : ANY;
  const hintId = 'order-period-hint';
  return (
    <div className="admin-order-period">
      <p className="admin-field">
        <label htmlFor="order-period">{ADMIN.orderPeriod}</label>
        <select
          id="order-period"
          value={selected}
          {...(timeZone ? { 'aria-describedby': hintId } : {})}
          onChange={(event) => {
            const value = event.target.value;
            setProblem('');
            if (value === CUSTOM) {
              setPicking(true);
              return;
            }
            setPicking(false);
            onChoose({ period: value === ANY ? '' : value, from: '', to: '' });
          }}
        >
          <option value={ANY}>{ADMIN.orderPeriods[ANY]}</option>
          {ORDER_PERIODS.map((period) => <option key={period} value={period}>{ADMIN.orderPeriods[period]}</option>)}
          <option value={CUSTOM}>{ADMIN.orderPeriods[CUSTOM]}</option>
        </select>
        {timeZone ? <small id={hintId} className="admin-hint">{ADMIN.orderPeriodHint(timeZone)}</small> : null}
      </p>
      {selected === CUSTOM ? (
        <form
          className="admin-order-period-days"
          onSubmit={(event) => {
            event.preventDefault();
            // the server's own check, made before asking it: days compare as their YYYY-MM-DD text does
            if (from !== '' && to !== '' && to < from) {
              setProblem(ADMIN.server.periodBackwards);
              return;
            }
            setProblem('');
            onChoose({ period: '', from, to });
          }}
        >
          <Field label={ADMIN.orderPeriodFrom} hint={ADMIN.orderPeriodDatesHint}>
            {(control) => <input {...control} type="date" value={from} onChange={(event) => setFrom(event.target.value)} />}
          </Field>
          <Field label={ADMIN.orderPeriodTo} error={problem}>
            {(control) => <input {...control} type="date" value={to} onChange={(event) => setTo(event.target.value)} />}
          </Field>
          <button type="submit">{ADMIN.showOrders}</button>
        </form>
      ) : null}
    </div>
  );
}
