/**
 * The parcel's tracking on an order: the form Mark fulfilled asks with (carrier, tracking number,
 * tracking link, all optional) and that corrects it after, and the facts shown once given.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { CARRIER_CHOICES, carrierTrackingUrl, type ParcelTracking } from '../../lib/parcel-carriers.ts';
import type { FieldErrors } from '../admin-api.ts';
import { useEscapeCloses } from '../escape-closes.ts';
import { CheckboxField, Field } from '../Field.tsx';

export interface TrackingValues { carrier: string; trackingNumber: string; trackingUrl: string }

/** What the fulfil call is sent: the fields the owner filled in ({} when none). */
export function filledIn(values: TrackingValues): Partial<TrackingValues> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== '')) as Partial<TrackingValues>;
}

interface TrackingFormProps {
  /** What the form says first: the fulfil question, or what the correction is. */
  question: ReactNode;
  submitLabel: string;
  initial: ParcelTracking | null;
  busy: boolean;
  fieldErrors: FieldErrors;
  /** Offer to email the shipping notice again (a correction only). */
  offerNotice?: boolean;
  onSubmit: (values: TrackingValues, sendNotice: boolean) => void;
  /** Not now, or Escape while nothing was typed. */
  onCancel: () => void;
}

/**
 * The link to start the form with: the owner's own, or empty when it is the one made from the
 * carrier and number, so a corrected number gets its link made again instead of keeping the old one.
 */
function ownLink(initial: ParcelTracking | null): string {
  if (!initial?.url) return '';
  const made = initial.carrier && initial.number ? carrierTrackingUrl(initial.carrier, initial.number) : null;
  return initial.url === made ? '' : initial.url;
}

export function TrackingForm({ question, submitLabel, initial, busy, fieldErrors, offerNotice = false, onSubmit, onCancel }: TrackingFormProps) {
  const [start] = useState<TrackingValues>(() => ({ carrier: initial?.carrier ?? '', trackingNumber: initial?.number ?? '', trackingUrl: ownLink(initial) }));
  const [values, setValues] = useState<TrackingValues>(start);
  const [sendNotice, setSendNotice] = useState(false);
  // Escape closes the form as Not now does, but not over typing it would lose: Not now does that
  const typed = (Object.keys(start) as Array<keyof TrackingValues>).some((name) => values[name] !== start[name]) || sendNotice;
  useEscapeCloses(!busy, onCancel, () => typed);
  const set = (name: keyof TrackingValues) => (event: { target: { value: string } }) => setValues((before) => ({ ...before, [name]: event.target.value }));
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(values, sendNotice);
  }
  return (
    <form className="admin-tracking-form" aria-label={submitLabel} onSubmit={submit} noValidate>
      <p>{question}</p>
      <p className="admin-hint">{ADMIN.trackingHint}</p>
      <Field label={ADMIN.carrier} error={fieldErrors.carrier}>
        {(control) => (
          // the list opens on the first field, where the owner starts typing what the label says
          <select {...control} autoFocus value={values.carrier} onChange={set('carrier')}>
            <option value="">{ADMIN.noCarrier}</option>
            {CARRIER_CHOICES.map((carrier) => <option key={carrier} value={carrier}>{carrier}</option>)}
          </select>
        )}
      </Field>
      <Field label={ADMIN.trackingNumber} error={fieldErrors.trackingNumber}>
        {(control) => (
          // letters and digits as printed on the label: no autocorrect or capital fixing, nothing remembered
          <input {...control} type="text" inputMode="text" autoComplete="off" autoCapitalize="characters" autoCorrect="off" spellCheck={false}
            maxLength={64} value={values.trackingNumber} onChange={set('trackingNumber')} />
        )}
      </Field>
      <Field label={ADMIN.trackingUrl} hint={ADMIN.trackingUrlHint} error={fieldErrors.trackingUrl}>
        {(control) => (
          <input {...control} type="url" inputMode="url" autoComplete="off" spellCheck={false} value={values.trackingUrl} onChange={set('trackingUrl')} />
        )}
      </Field>
      {offerNotice ? <CheckboxField label={ADMIN.sendNoticeAgain} checked={sendNotice} onChange={setSendNotice} /> : null}
      <div className="admin-actions">
        <button type="submit" disabled={busy}>{submitLabel}</button>
        <button type="button" disabled={busy} onClick={onCancel}>{ADMIN.notNow}</button>
      </div>
    </form>
  );
}

/** The tracking the owner gave, its link opening the carrier's page apart from the admin. */
export function TrackingFacts({ tracking }: { tracking: ParcelTracking | null }) {
  if (tracking === null) return <p>{ADMIN.notRecorded}</p>;
  return (
    <dl className="admin-facts admin-tracking">
      <dt>{ADMIN.carrier}</dt><dd>{tracking.carrier ?? ADMIN.notRecorded}</dd>
      <dt>{ADMIN.trackingNumber}</dt><dd>{tracking.number ?? ADMIN.notRecorded}</dd>
      {tracking.url ? <><dt>{ADMIN.trackingUrl}</dt><dd><a href={tracking.url} target="_blank" rel="noopener noreferrer">{ADMIN.trackParcel}</a></dd></> : null}
    </dl>
  );
}
