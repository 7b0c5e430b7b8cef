/**
 * Messages: account emails not sent lately, form submissions per form, newsletter subscribers
 * (found by address), restock requests by variant; each a page at a time, with a CSV of all. A
 * section whose call fails says so with a way to try again; the others are shown as loaded.
 */
import { answerText } from '../../lib/answer-text.ts';
import { useState } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { API_PATHS } from '../../lib/api-paths.ts';
import { adminCall } from '../admin-api.ts';
import { Notice } from '../Field.tsx';
import { refusedNotice, useScreenNotice } from '../screen-notice.ts';
import { LoadFailed } from '../LoadFailed.tsx';
import { useCall } from '../use-call.ts';
import { ADMIN_PAGE_SIZE, Pager } from '../Pager.tsx';
import { SearchForm } from '../SearchForm.tsx';
import { TableRegion } from '../TableRegion.tsx';
import { StoreDate } from '../StoreDate.tsx';

interface FormInfo { id: string; name: string; fields: Array<{ id: string; title: string; type?: string }>; submissionCount: number }
interface Submission { id: string; createdOn: number; pagePath: string | null; values: Record<string, unknown> }
interface Subscriber { email: string; source: string; createdOn: number }
interface RestockGroup {
  productId: string; variantId: string; productTitle: string; sku: string; attributes: Record<string, string>; qtyInStock: number; unlimited: boolean;
  requestCount: number; pendingCount: number; notifiable: boolean;
  /** Of the waiting, those whose notice never reached them (refused, given up as too late, or kept). */
  undeliveredCount?: number;
}


/** A list's page in the address of its call. */
const paged = (offset: number) => `limit=${ADMIN_PAGE_SIZE}&offset=${offset}`;

function FormSubmissions() {
  const forms = useCall<{ forms: FormInfo[] }>('/api/admin/messages/forms');
  const [formId, setFormId] = useState('');
  const [offset, setOffset] = useState(0);
  // opened on a form that has answers, rather than on the first form of the list when it has none
  const chosen = formId || forms.data?.forms.find((form) => form.submissionCount > 0)?.id || forms.data?.forms[0]?.id || '';
  const detail = useCall<{ form: FormInfo; submissions: Submission[]; hasMore: boolean }>(chosen ? `/api/admin/messages/forms/${encodeURIComponent(chosen)}?${paged(offset)}` : null);
  return (
    <section aria-labelledby="forms-title">
      <h2 id="forms-title">{ADMIN.formSubmissions}</h2>
      <LoadFailed error={forms.error} loading={forms.loading} onRetry={forms.reload} />
      {forms.data && forms.data.forms.length > 0 ? (
        <p className="admin-field">
          <label htmlFor="form-choice">{ADMIN.form}</label>
          <select id="form-choice" value={chosen} onChange={(event) => { setFormId(event.target.value); setOffset(0); }}>
            {forms.data.forms.map((form) => <option key={form.id} value={form.id}>{`${form.name} (${form.submissionCount})`}</option>)}
          </select>
          {chosen ? <a href={`/api/admin/messages/forms/${encodeURIComponent(chosen)}/submissions.csv`} download>{ADMIN.exportCsv}</a> : null}
        </p>
      ) : null}
      <LoadFailed error={detail.error} loading={detail.loading} onRetry={detail.reload} />
      {detail.data && detail.data.submissions.length === 0 ? <p>{ADMIN.noSubmissions}</p> : null}
      {detail.data && detail.data.submissions.length > 0 ? (
        <TableRegion label={ADMIN.formSubmissions}>
          <table className="admin-table">
            <thead><tr><th scope="col">{ADMIN.date}</th>{detail.data.form.fields.map((field) => <th key={field.id} scope="col">{field.title}</th>)}</tr></thead>
            <tbody>
              {detail.data.submissions.map((submission) => (
                <tr key={submission.id}>
                  <td><StoreDate on={submission.createdOn} /></td>
                  {detail.data!.form.fields.map((field) => <td key={field.id}>{answerText(submission.values[field.id], field.type)}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      {detail.data ? <Pager offset={offset} shown={detail.data.submissions.length} hasMore={detail.data.hasMore} onPage={setOffset} list={ADMIN.formSubmissions} /> : null}
    </section>
  );
}

function Subscribers() {
  const [offset, setOffset] = useState(0);
  const [search, setSearch] = useState('');
  const { data, error, loading, reload } = useCall<{ subscribers: Subscriber[]; hasMore: boolean; canSendEmail?: boolean; confirmationsWaiting?: number }>(
    `/api/admin/messages/subscribers?${paged(offset)}${search ? `&q=${encodeURIComponent(search)}` : ''}`,
  );
  return (
    <section aria-labelledby="subscribers-title">
      <div className="admin-toolbar">
        <h2 id="subscribers-title">{ADMIN.subscribers}</h2>
        <a href="/api/admin/messages/subscribers.csv" download>{ADMIN.exportCsv}</a>
      </div>
      <SearchForm id="subscriber-search" hint={ADMIN.subscriberSearchHint} onSearch={(words) => { setSearch(words); setOffset(0); }} />
      <LoadFailed error={error} loading={loading} onRetry={reload} />
      {/* double opt-in needs email: without a mail server nobody can join, and the owner must know */}
      {data?.canSendEmail === false ? <p className="admin-notice" role="note">{ADMIN.subscribersNeedMailServer(data.confirmationsWaiting ?? 0)}</p> : null}
      {data && data.subscribers.length === 0 ? <p>{search ? ADMIN.noSubscribersFound : ADMIN.noSubscribers}</p> : null}
      {data && data.subscribers.length > 0 ? (
        <TableRegion label={ADMIN.subscribers}>
          <table className="admin-table">
            <thead><tr><th scope="col">{ADMIN.email}</th><th scope="col">{ADMIN.source}</th><th scope="col">{ADMIN.date}</th></tr></thead>
            <tbody>{data.subscribers.map((row) => <tr key={row.email}><td>{row.email}</td><td>{row.source}</td><td><StoreDate on={row.createdOn} /></td></tr>)}</tbody>
          </table>
        </TableRegion>
      ) : null}
      {data ? <Pager offset={offset} shown={data.subscribers.length} hasMore={data.hasMore} onPage={setOffset} list={ADMIN.subscribers} /> : null}
    </section>
  );
}

/** Why a row's Notify cannot be pressed, if it cannot: still sold out, or no mail server to send with. */
function notifyHint(group: RestockGroup, canSend: boolean): string | undefined {
  if (!group.notifiable) return ADMIN.notifyDisabled;
  return canSend ? undefined : ADMIN.notifyNeedsMailServer;
}

function RestockRequests({ canNotify }: { canNotify: boolean }) {
  const [offset, setOffset] = useState(0);
  const { data, error, loading, reload } = useCall<{ groups: RestockGroup[]; hasMore: boolean; canSendEmail?: boolean; undeliveredNotices?: number }>(`/api/admin/messages/restock?${paged(offset)}`);
  // without a mail server the send is refused: Notify is not offered as if it could work, and the note says why
  const canSend = data?.canSendEmail !== false;
  const [notice, setNotice] = useScreenNotice();
  async function notify(group: RestockGroup) {
    const answer = await adminCall<{ sent: number }>('POST', `${API_PATHS.restock}/send`, { productId: group.productId, variantId: group.variantId });
    setNotice(answer.ok ? { text: ADMIN.notified(answer.data.sent), kind: 'info' } : refusedNotice(answer));
    reload();
  }
  return (
    <section aria-labelledby="restock-title">
      <div className="admin-toolbar">
        <h2 id="restock-title">{ADMIN.restockRequests}</h2>
        <a href="/api/admin/messages/restock.csv" download>{ADMIN.exportCsv}</a>
      </div>
      <LoadFailed error={error} loading={loading} onRetry={reload} />
      <Notice text={notice.text} kind={notice.kind} />
      {!canSend && data && data.groups.length > 0 ? <p className="admin-notice" role="note">{ADMIN.restockNeedsMailServer}</p> : null}
      {/* without a mail server the note above already says that nothing can be sent */}
      {canSend && data?.undeliveredNotices ? <p className="admin-notice" role="note">{ADMIN.restockUndelivered(data.undeliveredNotices)}</p> : null}
      {data && data.groups.length === 0 ? <p>{ADMIN.noRestockRequests}</p> : null}
      {data && data.groups.length > 0 ? (
        <TableRegion label={ADMIN.restockRequests}>
          <table className="admin-table">
            <thead><tr><th scope="col">{ADMIN.inventoryProduct}</th><th scope="col">{ADMIN.sku}</th><th scope="col">{ADMIN.stock}</th><th scope="col">{ADMIN.requests}</th><th scope="col">{ADMIN.waiting}</th><th scope="col">{ADMIN.notify}</th></tr></thead>
            <tbody>
              {data.groups.map((group) => (
                <tr key={group.variantId} data-sku={group.sku}>
                  <td>{group.productTitle} {Object.values(group.attributes).join(' / ')}</td>
                  <td>{group.sku}</td>
                  <td>{group.unlimited ? ADMIN.unlimitedStock : group.qtyInStock}</td>
                  <td>{group.requestCount}</td>
                  <td>
                    {group.pendingCount}
                    {group.undeliveredCount ? <small className="admin-hint"> {ADMIN.undeliveredInGroup(group.undeliveredCount)}</small> : null}
                  </td>
                  <td>
                    {canNotify ? (
                      <button type="button" disabled={!group.notifiable || !canSend} title={notifyHint(group, canSend)} onClick={() => notify(group)}>
                        {ADMIN.notify}
                      </button>
                    ) : null}
                    {group.pendingCount > 0 && notifyHint(group, canSend) !== undefined ? <small className="admin-hint"> {notifyHint(group, canSend)}</small> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      {data ? <Pager offset={offset} shown={data.groups.length} hasMore={data.hasMore} onPage={setOffset} list={ADMIN.restockRequests} /> : null}
    </section>
  );
}

/**
 * Account emails that never went out lately (refused, or given up as too late), by kind, each with
 * what to do; nothing when none, but a count that could not be read is said, not taken for none.
 */
function EmailsNotSent() {
  const { data, error, loading, reload } = useCall<{ days: number; byKind: Record<string, number>; waiting?: number }>('/api/admin/messages/emails-not-sent');
  const kinds = Object.keys(ADMIN.emailsNotSentByKind).filter((kind) => (data?.byKind[kind] ?? 0) > 0);
  // emails of any kind the mail server could not take for now (an outage), which the store tries again
  const waiting = data?.waiting ?? 0;
  if (!error && (!data || (kinds.length === 0 && waiting === 0))) return null;
  return (
    <section aria-labelledby="emails-not-sent-title" className={error ? undefined : 'admin-notice'}>
      <h2 id="emails-not-sent-title">{ADMIN.emailsNotSent}</h2>
      {error ? <LoadFailed error={error} loading={loading} onRetry={reload} /> : (
        <>
          {waiting > 0 ? <p data-emails-waiting>{ADMIN.emailsWaitingToRetry(waiting)}</p> : null}
          {kinds.length > 0 ? (
            <>
              <p>{ADMIN.emailsNotSentWithin(data!.days)}</p>
              <ul>{kinds.map((kind) => <li key={kind} data-email-kind={kind}>{ADMIN.emailsNotSentByKind[kind]!(data!.byKind[kind]!)}</li>)}</ul>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}

export function MessagesScreen({ canNotify }: { canNotify: boolean }) {
  return (
    <section aria-labelledby="messages-title">
      <h1 id="messages-title">{ADMIN.screens.messages}</h1>
      <EmailsNotSent />
      <FormSubmissions />
      <Subscribers />
      <RestockRequests canNotify={canNotify} />
    </section>
  );
}
