/**
 * The order of the main and footer navigations: each link in its place with Up and Down (named
 * with the link and the navigation); a page's link comes and goes with its page, any other (Search,
 * a social profile, another site) is added, changed and removed here (NavigationLinkForm.tsx). A
 * move is worked out by the server on the order as it stands; the focus stays on the button
 * pressed, and a polite live region says where the link went. A change to a link the navigation
 * no longer has where the screen showed it is refused, and the navigations are shown as they stand.
 */
import { useEffect, useRef, useState } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { adminCall, type CallResult, type FieldErrors } from '../admin-api.ts';
import { NavigationLinkForm, type LinkWords } from './NavigationLinkForm.tsx';
import { NAVIGATIONS, type Navigation, type Navigations, type NavLink } from './site-pages.ts';

interface ChangeAnswer { moved?: boolean; message: string; navigations: Navigations }

/** What is being typed: a new link for a navigation, or the link at a place in one. */
type Editing = { navigation: Navigation; index: number | null } | null;

const moveButtonId = (navigation: Navigation, link: NavLink, index: number, to: 'up' | 'down') =>
  `nav-move-${navigation}-${link.pageId ?? `link-${index}`}-${to}`;
const editButtonId = (navigation: Navigation, index: number) => `nav-edit-${navigation}-${index}`;
const addButtonId = (navigation: Navigation) => `nav-add-${navigation}`;
const linksPath = (navigation: Navigation) => `/api/admin/navigation/${navigation}/links`;
/** The link as the screen shows it, which the server finds again before changing it. */
const shown = (link: NavLink) => ({ title: link.title, url: link.url });

export function NavigationOrder({ navigations, canEdit, onChanged }: { navigations: Navigations; canEdit: boolean; onChanged: (navigations: Navigations) => void }) {
  const [said, setSaid] = useState({ text: '', error: false });
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  // the button to focus once the list is drawn anew (its row moved in the DOM, or the form closed)
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    if (refocus.current === null) return;
    document.getElementById(refocus.current)?.focus();
    refocus.current = null;
  });

  /** One call; its answer's navigations shown, a refusal's too (a 409 brings them as they stand). */
  async function call(work: () => Promise<CallResult<ChangeAnswer>>, focusAfter: (navigations: Navigations) => string | null): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    const answer = await work();
    setBusy(false);
    if (answer.ok) {
      onChanged(answer.data.navigations);
      setSaid({ text: answer.data.message, error: false });
      refocus.current = focusAfter(answer.data.navigations);
      setErrors({});
      return true;
    }
    const standing = answer.body?.navigations as Navigations | undefined;
    if (standing) {
      onChanged(standing);
      setEditing(null);
    }
    setErrors(answer.fieldErrors);
    setSaid({ text: answer.message, error: true });
    return false;
  }

  function move(navigation: Navigation, link: NavLink, index: number, to: 'up' | 'down') {
    const path = link.pageId !== null
      ? `/api/admin/pages/${encodeURIComponent(link.pageId)}/move`
      : `${linksPath(navigation)}/${index}/move`;
    const body = link.pageId !== null ? { navigation, to } : { to, was: shown(link) };
    void call(() => adminCall<ChangeAnswer>('POST', path, body), (after) => {
      // the pressed button, wherever its link went
      const at = after[navigation].findIndex((candidate) => candidate.pageId === link.pageId && candidate.title === link.title && candidate.url === link.url);
      return at === -1 ? null : moveButtonId(navigation, after[navigation][at]!, at, to);
    });
    refocus.current = moveButtonId(navigation, link, index, to);
  }

  async function save(navigation: Navigation, index: number | null, words: LinkWords) {
    const links = navigations[navigation];
    const done = await call(
      () => index === null
        ? adminCall<ChangeAnswer>('POST', linksPath(navigation), words)
        : adminCall<ChangeAnswer>('PUT', `${linksPath(navigation)}/${index}`, { ...words, was: shown(links[index]!) }),
      (after) => editButtonId(navigation, index ?? after[navigation].length - 1),
    );
    if (done) setEditing(null);
  }

  function remove(navigation: Navigation, link: NavLink, index: number) {
    const name = ADMIN.sitePages.placements[navigation];
    if (busy || !window.confirm(ADMIN.sitePages.confirmRemoveLink(link.title, name))) return;
    void call(() => adminCall<ChangeAnswer>('DELETE', `${linksPath(navigation)}/${index}`, { was: shown(link) }), () => addButtonId(navigation));
  }

  function edit(next: Editing) {
    setErrors({});
    setEditing(next);
  }

  function closeForm(navigation: Navigation, index: number | null) {
    edit(null);
    refocus.current = index === null ? addButtonId(navigation) : editButtonId(navigation, index);
  }

  return (
    <section aria-labelledby="navigation-order-title" className="admin-navigation-order">
      <h2 id="navigation-order-title">{ADMIN.sitePages.navigationsTitle}</h2>
      <p className="admin-hint">{ADMIN.sitePages.navigationsIntro}</p>
      {NAVIGATIONS.map((navigation) => {
        const name = ADMIN.sitePages.placements[navigation];
        const links = navigations[navigation];
        const adding = editing?.navigation === navigation && editing.index === null;
        return (
          <div key={navigation} className="admin-navigation" data-navigation={navigation}>
            <h3 id={`navigation-${navigation}`}>{name}</h3>
            {links.length === 0 ? <p>{ADMIN.sitePages.navigationEmpty}</p> : (
              <ol aria-labelledby={`navigation-${navigation}`}>
                {links.map((link, index) => (
                  <li key={link.pageId ?? `link-${index}-${link.url}`}>
                    {editing?.navigation === navigation && editing.index === index ? (
                      <NavigationLinkForm legend={ADMIN.sitePages.editLink(link.title, name)} initial={{ title: link.title, address: link.url }}
                        submitLabel={ADMIN.sitePages.saveLink} busy={busy} errors={errors}
                        onSubmit={(words) => void save(navigation, index, words)} onCancel={() => closeForm(navigation, index)} />
                    ) : (
                      <span className="admin-navigation-row">
                        <span className="admin-navigation-title">{link.title}</span> <small className="admin-hint">{link.url}</small>
                        {canEdit ? (
                          <span className="admin-actions">
                            <button type="button" id={moveButtonId(navigation, link, index, 'up')} aria-label={ADMIN.sitePages.moveUp(link.title, name)}
                              aria-disabled={busy || undefined} onClick={() => move(navigation, link, index, 'up')}>{ADMIN.sitePages.up}</button>
                            <button type="button" id={moveButtonId(navigation, link, index, 'down')} aria-label={ADMIN.sitePages.moveDown(link.title, name)}
                              aria-disabled={busy || undefined} onClick={() => move(navigation, link, index, 'down')}>{ADMIN.sitePages.down}</button>
                            {link.pageId === null ? (
                              <>
                                <button type="button" id={editButtonId(navigation, index)} aria-label={ADMIN.sitePages.editLink(link.title, name)}
                                  aria-disabled={busy || undefined} onClick={() => edit({ navigation, index })}>{ADMIN.sitePages.edit}</button>
                                <button type="button" className="admin-danger" aria-label={ADMIN.sitePages.removeLink(link.title, name)}
                                  aria-disabled={busy || undefined} onClick={() => remove(navigation, link, index)}>{ADMIN.sitePages.remove}</button>
                              </>
                            ) : null}
                          </span>
                        ) : null}
                      </span>
                    )}
                  </li>
                ))}
              </ol>
            )}
            {canEdit ? (adding ? (
              <NavigationLinkForm legend={ADMIN.sitePages.addLink(name)} initial={{ title: '', address: 'https://' }} submitLabel={ADMIN.sitePages.addLinkButton}
                busy={busy} errors={errors} onSubmit={(words) => void save(navigation, null, words)} onCancel={() => closeForm(navigation, null)} />
            ) : (
              <p className="admin-actions">
                <button type="button" id={addButtonId(navigation)} onClick={() => edit({ navigation, index: null })}>{ADMIN.sitePages.addLink(name)}</button>
              </p>
            )) : null}
          </div>
        );
      })}
      {/* polite: said after the change, without taking the focus from the button */}
      <p className={said.error ? 'admin-notice admin-notice--error' : 'admin-hint'} role="status" aria-live="polite">{said.text}</p>
    </section>
  );
}
