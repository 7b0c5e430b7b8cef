/**
 * The order of the main and footer navigations: each link in its place, a page's with Up and Down
 * (named with the page and the navigation). A move is worked out by the server on the order as it
 * stands; the focus stays on the button pressed, and a polite live region says where the page went.
 */
import { useEffect, useRef, useState } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { adminCall } from '../admin-api.ts';
import { NAVIGATIONS, type Navigation, type Navigations } from './site-pages.ts';

interface MoveAnswer { moved: boolean; message: string; navigations: Navigations }

const buttonId = (navigation: Navigation, pageId: string, to: 'up' | 'down') => `nav-move-${navigation}-${pageId}-${to}`;

export function NavigationOrder({ navigations, canEdit, onMoved }: { navigations: Navigations; canEdit: boolean; onMoved: (navigations: Navigations) => void }) {
  const [said, setSaid] = useState({ text: '', error: false });
  const [busy, setBusy] = useState(false);
  // the button pressed: focused again once the list is drawn in its new order (its row moved in the DOM)
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    if (refocus.current === null) return;
    document.getElementById(refocus.current)?.focus();
    refocus.current = null;
  });

  async function move(navigation: Navigation, pageId: string, to: 'up' | 'down') {
    if (busy) return;
    setBusy(true);
    const answer = await adminCall<MoveAnswer>('POST', `/api/admin/pages/${encodeURIComponent(pageId)}/move`, { navigation, to });
    setBusy(false);
    refocus.current = buttonId(navigation, pageId, to);
    if (answer.ok) {
      onMoved(answer.data.navigations);
      setSaid({ text: answer.data.message, error: false });
    } else setSaid({ text: answer.message, error: true });
  }

  return (
    <section aria-labelledby="navigation-order-title" className="admin-navigation-order">
      <h2 id="navigation-order-title">{ADMIN.sitePages.navigationsTitle}</h2>
      <p className="admin-hint">{ADMIN.sitePages.navigationsIntro}</p>
      {NAVIGATIONS.map((navigation) => {
        const name = ADMIN.sitePages.placements[navigation];
        const links = navigations[navigation];
        return (
          <div key={navigation} className="admin-navigation" data-navigation={navigation}>
            <h3 id={`navigation-${navigation}`}>{name}</h3>
            {links.length === 0 ? <p>{ADMIN.sitePages.navigationEmpty}</p> : (
              <ol aria-labelledby={`navigation-${navigation}`}>
                {links.map((link, index) => (
                  <li key={link.pageId ?? `link-${index}-${link.url}`}>
                    <span className="admin-navigation-row">
                      <span className="admin-navigation-title">{link.title}</span> <small className="admin-hint">{link.url}</small>
                      {canEdit && link.pageId !== null ? (
                        <span className="admin-actions">
                          <button type="button" id={buttonId(navigation, link.pageId, 'up')} aria-label={ADMIN.sitePages.moveUp(link.title, name)}
                            aria-disabled={busy || undefined} onClick={() => void move(navigation, link.pageId!, 'up')}>{ADMIN.sitePages.up}</button>
                          <button type="button" id={buttonId(navigation, link.pageId, 'down')} aria-label={ADMIN.sitePages.moveDown(link.title, name)}
                            aria-disabled={busy || undefined} onClick={() => void move(navigation, link.pageId!, 'down')}>{ADMIN.sitePages.down}</button>
                        </span>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </div>
        );
      })}
      {/* polite: said after the move, without taking the focus from the button */}
      <p className={said.error ? 'admin-notice admin-notice--error' : 'admin-hint'} role="status" aria-live="polite">{said.text}</p>
    </section>
  );
}
