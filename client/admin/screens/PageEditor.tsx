/**
 * One page of the site, or a new one: its title, its place in the navigations, and what its kind
 * lets the owner change (a plain page's address and text, the home page's heading and
 * introduction, another page's introduction). The save names the page's revision as loaded: one refused because the page
 * changed elsewhere keeps every edit and offers the newer version with the edits laid over it. A
 * page the owner added may be deleted, asked first.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { ADMIN_PATHS } from '../../lib/admin-paths.ts';
import { MAX_PAGE_ADDRESS, pageAddressOf } from '../../lib/page-address.ts';
import { adminCall, type FieldErrors } from '../admin-api.ts';
import type { Navigate } from '../AdminApp.tsx';
import { Field, Notice } from '../Field.tsx';
import { useFocusAfterCall } from '../focus-after-call.ts';
import { replaceAddress } from '../history-position.ts';
import { refusalText, useErrorFocus } from '../refused-save.ts';
import { carryNotice, NO_NOTICE, refusedNotice, useScreenNotice } from '../screen-notice.ts';
import { forgetUnsavedChanges, hasEdits, useUnsavedChanges } from '../unsaved-changes.ts';
import { useCall } from '../use-call.ts';
import { pageEditsOntoNewer } from './page-edits-onto-newer.ts';
import { PLACEMENTS, type PagesAnswer, type Placement, type SitePage } from './site-pages.ts';

/** The form as typed. */
interface PageForm { title: string; urlId: string; text: string; heroTitle: string; heroText: string; description: string; navigation: Placement }

const EMPTY: PageForm = { title: '', urlId: '', text: '', heroTitle: '', heroText: '', description: '', navigation: 'none' };

function formOf(page: SitePage): PageForm {
  return { title: page.title, urlId: page.urlId, text: page.text, heroTitle: page.heroTitle, heroText: page.heroText, description: page.description, navigation: page.navigation };
}

/** What a save sends: the fields the page's kind has (a new page is a plain one). */
function payloadOf(form: PageForm, page: SitePage | null) {
  const kind = page?.kind ?? 'plain';
  return {
    title: form.title,
    navigation: form.navigation,
    ...(kind === 'plain' ? { urlId: form.urlId, text: form.text } : {}),
    ...(kind === 'home' ? { heroTitle: form.heroTitle, heroText: form.heroText } : {}),
    ...(kind === 'store' ? { description: form.description } : {}),
    ...(page !== null ? { revisionWhenLoaded: page.revision } : {}),
  };
}

interface SaveAnswer { page: SitePage; message: string }

export function PageEditor({ pageId: openedId, navigate, canEdit }: { pageId: string | null; navigate: Navigate; canEdit: boolean }) {
  const [pageId, setPageId] = useState(openedId);
  const [page, setPage] = useState<SitePage | null>(null);
  const [form, setForm] = useState<PageForm | null>(openedId === null ? EMPTY : null);
  const [saved, setSaved] = useState<PageForm | null>(form);
  // a new page's address follows its title until the owner types one
  const [addressTyped, setAddressTyped] = useState(openedId !== null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useScreenNotice();
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const [busy, setBusy] = useState(false);
  const opened = useCall<PagesAnswer>(openedId === null ? null : '/api/admin/pages');
  const [formRef, focusFirstError] = useErrorFocus();
  const saveButton = useRef<HTMLButtonElement>(null);
  const focusAfterCall = useFocusAfterCall(busy);
  useUnsavedChanges(form !== null && hasEdits(form, saved));

  const show = (shown: SitePage) => {
    setPage(shown);
    setForm(formOf(shown));
    setSaved(formOf(shown));
  };
  useEffect(() => {
    const found = opened.data?.pages.find((candidate) => candidate.id === openedId);
    if (found) show(found);
  }, [opened.data]);

  const back = (
    <a href={ADMIN_PATHS.pages} onClick={(event) => { event.preventDefault(); navigate(ADMIN_PATHS.pages); }}>{ADMIN.sitePages.backToPages}</a>
  );
  if (form === null) {
    const missing = opened.data !== null && page === null;
    return (
      <section aria-labelledby="page-title">
        <div className="admin-toolbar"><h1 id="page-title">{ADMIN.screens.pages}</h1>{back}</div>
        <Notice text={missing ? ADMIN.server.pageNotFound : opened.error} kind="error" />
        {opened.error || missing ? null : <p>{ADMIN.loading}</p>}
      </section>
    );
  }
  const kind = page?.kind ?? 'plain';
  const update = (change: Partial<PageForm>) => setForm({ ...form, ...change });
  const error = (name: string) => errors[name];

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy || form === null) return;
    setBusy(true);
    setNotice(NO_NOTICE);
    focusAfterCall(saveButton);
    const payload = payloadOf(form, page);
    const answer = pageId === null
      ? await adminCall<SaveAnswer>('POST', '/api/admin/pages', payload)
      : await adminCall<SaveAnswer>('PUT', `/api/admin/pages/${encodeURIComponent(pageId)}`, payload);
    setBusy(false);
    if (!answer.ok) {
      setErrors(answer.fieldErrors);
      setChangedElsewhere(answer.status === 409);
      setNotice(refusedNotice(answer, refusalText(answer)));
      focusFirstError();
      return;
    }
    setErrors({});
    setChangedElsewhere(false);
    show(answer.data.page);
    setNotice({ text: answer.data.message, kind: 'info' });
    if (pageId === null) {
      setPageId(answer.data.page.id);
      setAddressTyped(true);
      replaceAddress(ADMIN_PATHS.page(answer.data.page.id));
    }
  }

  /** The stored page with the owner's edits kept over it, for the owner to check and save again. */
  async function loadNewer() {
    if (pageId === null || form === null || saved === null) return;
    const answer = await adminCall<PagesAnswer>('GET', '/api/admin/pages');
    const newer = answer.ok ? answer.data.pages.find((candidate) => candidate.id === pageId) : undefined;
    if (!newer) {
      setNotice(answer.ok ? { text: ADMIN.server.pageNotFound, kind: 'error' } : refusedNotice(answer));
      return;
    }
    const typed = form;
    setPage(newer);
    setSaved(formOf(newer));
    setForm(pageEditsOntoNewer(typed, saved, formOf(newer)));
    setChangedElsewhere(false);
    setNotice({ text: ADMIN.sitePages.reloaded, kind: 'info' });
    saveButton.current?.focus();
  }

  async function remove() {
    if (pageId === null || page === null || busy || !window.confirm(ADMIN.sitePages.confirmDelete(page.title, page.address))) return;
    setBusy(true);
    const answer = await adminCall<{ message: string }>('DELETE', `/api/admin/pages/${encodeURIComponent(pageId)}`, { revisionWhenLoaded: page.revision });
    setBusy(false);
    if (answer.ok) {
      forgetUnsavedChanges();
      carryNotice({ text: answer.data.message, kind: 'info' });
      navigate(ADMIN_PATHS.pages);
    } else {
      setChangedElsewhere(answer.status === 409 && answer.message === ADMIN.server.pageChangedNoDelete);
      setNotice(refusedNotice(answer));
    }
  }

  return (
    <section aria-labelledby="page-title">
      <div className="admin-toolbar">
        <h1 id="page-title">{page === null ? ADMIN.sitePages.newPage : ADMIN.sitePages.editPage(page.title)}</h1>
        {back}
      </div>
      {page !== null ? <p className="admin-shop-link"><a href={page.address}>{ADMIN.sitePages.openInShop}</a></p> : null}
      {canEdit ? null : <p className="admin-hint">{ADMIN.readOnlyRole}</p>}
      {kind === 'store' ? <p className="admin-hint">{ADMIN.sitePages.storePageHint}</p> : null}
      <form className="admin-form" ref={formRef} onSubmit={save} noValidate data-page-kind={kind}>
        <fieldset disabled={!canEdit || busy}>
          <Field label={ADMIN.sitePages.pageTitle} error={error('title')}>
            {(control) => <input {...control} value={form.title} maxLength={200}
              onChange={(event) => update({ title: event.target.value, ...(addressTyped ? {} : { urlId: pageAddressOf(event.target.value) }) })} />}
          </Field>
          {kind === 'plain' ? (
            <Field label={ADMIN.sitePages.address} hint={ADMIN.sitePages.addressHint} error={error('urlId')}>
              {(control) => <input {...control} value={form.urlId} maxLength={MAX_PAGE_ADDRESS + 1} autoCapitalize="none" autoCorrect="off" spellCheck={false} autoComplete="off"
                onChange={(event) => { setAddressTyped(true); update({ urlId: event.target.value }); }} />}
            </Field>
          ) : <p className="admin-hint">{ADMIN.sitePages.addressFixed(page?.address ?? '/')}</p>}
          {kind === 'home' ? (
            <>
              <Field label={ADMIN.sitePages.heroTitle} hint={ADMIN.sitePages.heroTitleHint} error={error('heroTitle')}>
                {(control) => <input {...control} value={form.heroTitle} maxLength={200} onChange={(event) => update({ heroTitle: event.target.value })} />}
              </Field>
              <Field label={ADMIN.sitePages.heroText} hint={ADMIN.sitePages.heroTextHint} error={error('heroText')}>
                {(control) => <input {...control} value={form.heroText} maxLength={1000} onChange={(event) => update({ heroText: event.target.value })} />}
              </Field>
            </>
          ) : null}
          {kind === 'store' ? (
            <Field label={ADMIN.sitePages.description} hint={ADMIN.sitePages.descriptionHint} error={error('description')}>
              {(control) => <textarea {...control} rows={5} value={form.description} maxLength={5_000} onChange={(event) => update({ description: event.target.value })} />}
            </Field>
          ) : null}
          {kind === 'plain' ? (
            <Field label={ADMIN.sitePages.text} hint={ADMIN.sitePages.textHint} error={error('text')}>
              {(control) => <textarea {...control} rows={12} value={form.text} maxLength={50_000} onChange={(event) => update({ text: event.target.value })} />}
            </Field>
          ) : null}
          <Field label={ADMIN.sitePages.inNavigation} error={error('navigation')}>
            {(control) => (
              <select {...control} value={form.navigation} onChange={(event) => update({ navigation: event.target.value as Placement })}>
                {PLACEMENTS.map((placement) => <option key={placement} value={placement}>{ADMIN.sitePages.placements[placement]}</option>)}
              </select>
            )}
          </Field>
          <Notice text={notice.text} kind={notice.kind} />
          {canEdit ? (
            <div className="admin-actions">
              <button type="submit" ref={saveButton}>{busy ? ADMIN.saving : ADMIN.save}</button>
              {changedElsewhere ? <button type="button" onClick={() => void loadNewer()}>{ADMIN.sitePages.reload}</button> : null}
              {page?.deletable ? <button type="button" className="admin-danger" onClick={() => void remove()}>{ADMIN.delete}</button> : null}
            </div>
          ) : null}
        </fieldset>
      </form>
    </section>
  );
}
