/**
 * The admin's header: the store's name, the sections the role opens, the account and Sign out.
 *
 * On a phone or a small window (admin.css, `.admin-menu-button`: up to 56rem wide, or 30rem tall, a
 * phone on its side) the sections and the account go behind a Menu button, with the current
 * section named beside it: wrapped, they took 270 of a portrait phone's 844 px and 59% of a
 * landscape one, where an opened product showed only its Title label. A single sideways-scrolling
 * row was the other way; it hides most of ten sections past the edge with nothing saying so, and
 * still needs a second row for Sign out. The button is a disclosure (aria-expanded, aria-controls):
 * the focus stays on it as it opens, the menu comes next in the Tab order, Escape or a tap outside
 * closes it (the focus back on the button when it was inside), and choosing a section closes it
 * (the focus then goes to the screen, as for any move). On a wide screen the button is not drawn
 * and the menu's box lays out as before (display: contents), so the header is unchanged there.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { ADMIN } from '../lib/admin-messages.ts';
import { ADMIN_PATHS } from '../lib/admin-paths.ts';
import { adminBrand } from './admin-title.ts';
import { useEscapeCloses } from './escape-closes.ts';

export interface AdminHeaderProps<Key extends keyof typeof ADMIN.screens> {
  siteTitle: string;
  sections: ReadonlyArray<Key>;
  current: Key;
  email: string;
  inert: boolean;
  onNavigate: (path: string) => void;
  onSignOut: () => void;
}

export function AdminHeader<Key extends keyof typeof ADMIN.screens>({ siteTitle, sections, current, email, inert, onNavigate, onSignOut }: AdminHeaderProps<Key>) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const header = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    // the focus was in the menu, which goes out of sight: back to the button that opened it
    const inside = header.current?.querySelector('.admin-menu')?.contains(document.activeElement) ?? false;
    setOpen(false);
    if (inside) button.current?.focus();
  };
  // Escape said while the focus is in the header, or nowhere (Safari does not focus a tapped button);
  // another panel of the screen has its own
  useEscapeCloses(open, close, (event) => event.target !== document.body && !(event.target instanceof Node && header.current?.contains(event.target)));
  // a tap or click outside the header closes it, as a menu does
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !header.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);
  // another screen (a link of the screen, Back) closes it too
  useEffect(() => setOpen(false), [current]);

  return (
    <header className="admin-header" ref={header} inert={inert}>
      <p className="admin-brand">{adminBrand(siteTitle)}</p>
      {/* what the menu would say is current, beside the button (it is the screen's heading too) */}
      <p className="admin-menu-current" aria-hidden="true">{ADMIN.screens[current]}</p>
      <button type="button" className="admin-menu-button" ref={button} aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((was) => !was)}>
        {ADMIN.menu}
      </button>
      <div id={menuId} className={`admin-menu${open ? ' admin-menu--open' : ''}`}>
        <nav aria-label={ADMIN.navLabel}>
          <ul>
            {sections.map((key) => (
              <li key={key}>
                <a
                  href={ADMIN_PATHS.screen(key)}
                  aria-current={key === current ? 'page' : undefined}
                  onClick={(event) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                    event.preventDefault();
                    // another section takes the focus to its screen; the one shown stays, so the focus,
                    // in the menu going out of sight, goes back to the Menu button
                    if (key === current) close();
                    else setOpen(false);
                    onNavigate(ADMIN_PATHS.screen(key));
                  }}
                >
                  {ADMIN.screens[key]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="admin-account">
          <span>{email}</span>
          <button type="button" onClick={onSignOut}>{ADMIN.signOut}</button>
        </p>
      </div>
    </header>
  );
}
