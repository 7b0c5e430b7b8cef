/**
 * The owner's admin at /config: the sign-in form when signed out; otherwise a navigation of the
 * screens the role allows and the screen of the current path (/config/products, …). The server
 * renders the first view with these props; the browser takes over with the same props.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ADMIN } from '../lib/admin-messages.ts';
import { ADMIN_BASE, ADMIN_PATHS } from '../lib/admin-paths.ts';
import { adminCall, setSessionToken } from './admin-api.ts';
import { adminDocumentTitle } from './admin-title.ts';
import { AdminHeader } from './AdminHeader.tsx';
import { ResetPassword } from './ResetPassword.tsx';
import { SignIn } from './SignIn.tsx';
import { ProductsScreen } from './screens/ProductsScreen.tsx';
import { ProductEditor } from './screens/ProductEditor.tsx';
import { InventoryScreen } from './screens/InventoryScreen.tsx';
import { OrdersScreen } from './screens/OrdersScreen.tsx';
import { OrderDetail } from './screens/OrderDetail.tsx';
import { GiftCardsScreen } from './screens/GiftCardsScreen.tsx';
import { GiftCardDetail } from './screens/GiftCardDetail.tsx';
import { DiscountsScreen } from './screens/DiscountsScreen.tsx';
import { DiscountCodeEditor } from './screens/DiscountCodeEditor.tsx';
import { MessagesScreen } from './screens/MessagesScreen.tsx';
import { SettingsScreen } from './screens/SettingsScreen.tsx';
import { StaffScreen } from './screens/StaffScreen.tsx';
import { BlockFieldsScreen } from './screens/BlockFieldsScreen.tsx';
import { PageEditor } from './screens/PageEditor.tsx';
import { PagesScreen } from './screens/PagesScreen.tsx';
import { AccountScreen } from './screens/AccountScreen.tsx';
import { pushAddress, startHistoryPositions } from './history-position.ts';
import { mayFollowHistory, mayLeave } from './unsaved-changes.ts';
import { onSessionEnded } from './session-ended.ts';
import { onAdminUpdated } from './admin-updated.ts';
import { useSessionCheckOnReturn } from './session-check-on-return.ts';
import { SessionPrompt } from './SessionPrompt.tsx';
import { Notice } from './Field.tsx';
import { StoreTimeZone } from './store-time-zone.ts';
import { StoreMoneyFormat } from './store-money-format.ts';
import { StoreLocale } from './store-locale.ts';
import type { MoneyFormat } from '../lib/money.ts';
import { setTypedDecimalMark } from '../lib/money-input.ts';
import { announceQueryChanged } from './use-address-query.ts';

export interface AdminAccountProps {
  email: string;
  permissions: string[];
  xsrfToken: string;
}

export interface AdminAppProps {
  account: AdminAccountProps | null;
  siteTitle: string;
  /** The path the page was opened at (/config or a screen below it). */
  path: string;
  /** Whether "Forgot your password?" can email a link (the store has a mail server). */
  canEmailResetLinks?: boolean;
  /** The store's time zone, in which the screens write dates (signed in only). */
  timeZone?: string;
  /** The store's money format, which every amount of the screens is written in. */
  moneyFormat?: MoneyFormat;
  /** The store's locale (the website's language), in which the screens write dates (signed in only). */
  locale?: string;
}

type ScreenKey = keyof typeof ADMIN.screens;

const SCREENS: ReadonlyArray<{ key: ScreenKey; permission: string }> = [
  { key: 'products', permission: 'catalogue.read' },
  { key: 'inventory', permission: 'catalogue.read' },
  { key: 'orders', permission: 'orders.read' },
  { key: 'gift-cards', permission: 'orders.read' },
  { key: 'discounts', permission: 'orders.read' },
  { key: 'messages', permission: 'messages.read' },
  { key: 'pages', permission: 'settings.read' },
  { key: 'settings', permission: 'settings.read' },
  { key: 'block-fields', permission: 'settings.read' },
  { key: 'staff', permission: 'staff.manage' },
  { key: 'account', permission: 'admin.use' },
];

/** Moves between the admin's screens without reloading the page. */
export interface Navigate {
  (path: string): void;
}

export function AdminApp({ account, siteTitle: initialSiteTitle, path: initialPath, canEmailResetLinks = false, timeZone: initialTimeZone, moneyFormat: initialMoneyFormat, locale: initialLocale }: AdminAppProps) {
  const [path, setPath] = useState(initialPath);
  // The store's name as the header and the tab show it: the settings screen may change it.
  const [siteTitle, setSiteTitle] = useState(initialSiteTitle);
  useEffect(() => {
    document.title = adminDocumentTitle(siteTitle);
  }, [siteTitle]);
  // The store's money format: settings saved with another currency bring the new one's.
  const [moneyFormat, setMoneyFormat] = useState(initialMoneyFormat ?? null);
  // the amount boxes of every screen write the store's decimal mark, as its pages write prices
  setTypedDecimalMark(moneyFormat?.decimal ?? '.');
  // the store's time zone: the settings screen may change it, and every date is then written in the new one
  const [timeZone, setTimeZone] = useState(initialTimeZone ?? null);
  // the store's language, which every date is written in: the settings screen may change it too
  const [locale, setLocale] = useState(initialLocale ?? null);
  // The sign-in email as the header shows it: the account screen may change it.
  const [email, setEmail] = useState(account?.email ?? '');
  // the page's session token, once: signing in again under an open screen brings a newer one
  const tokenSet = useRef(false);
  if (account && !tokenSet.current) {
    setSessionToken(account.xsrfToken);
    tokenSet.current = true;
  }

  useEffect(() => {
    // Back and Forward between screens, unless the owner keeps a screen's unsaved edits
    startHistoryPositions();
    const onPop = (event: PopStateEvent) => {
      if (mayFollowHistory(event.state)) setPath(window.location.pathname);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  // The session ended under the open screen: the password is asked again over it, which stays as it was.
  const [sessionEnded, setSessionEnded] = useState(false);
  const [signedInAgain, setSignedInAgain] = useState(false);
  // where the owner was (the field being typed in), to come back to once signed in again
  const focusBefore = useRef<Element | null>(null);
  useEffect(() => onSessionEnded(() => {
    setSessionEnded((already) => {
      if (!already) focusBefore.current = document.activeElement;
      return true;
    });
    setSignedInAgain(false);
  }), []);
  // a new release installed under the open page: said over every screen until the owner reloads
  const [updated, setUpdated] = useState(false);
  useEffect(() => onAdminUpdated(() => setUpdated(true)), []);
  // a session that ended while the phone slept is told as the owner comes back to the page, not at the next save
  useSessionCheckOnReturn(account !== null && account.permissions.includes('admin.use'));
  const resume = useCallback(() => {
    setSessionEnded(false);
    setSignedInAgain(true);
    const before = focusBefore.current;
    // once the screen is no longer inert
    requestAnimationFrame(() => {
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    });
  }, []);

  const main = useRef<HTMLElement>(null);
  const moved = useRef(false);
  // `next` may carry a query (a list's filters): the screen is chosen by its path, and reads the query itself
  const navigate = useCallback<Navigate>((next) => {
    if (next === window.location.pathname + window.location.search || !mayLeave()) return;
    const nextPath = new URL(next, window.location.origin).pathname;
    const sameScreen = nextPath === window.location.pathname;
    pushAddress(next);
    moved.current = true;
    setSignedInAgain(false);
    setPath(nextPath);
    window.scrollTo(0, 0);
    // the same screen at another query (Orders in the menu under a filtered list): no new path to re-render it
    if (sameScreen) {
      announceQueryChanged();
      main.current?.focus();
    }
  }, []);
  // after moving to another screen, keyboard and screen-reader users start at its content
  useEffect(() => {
    if (moved.current) main.current?.focus();
  }, [path]);

  const signOut = useCallback(async () => {
    if (!mayLeave()) return;
    await adminCall('DELETE', '/api/site-users/account/session');
    window.location.assign(ADMIN_BASE);
  }, []);

  // the link of a password-reset email, opened signed in or not
  if (path === ADMIN_PATHS.resetPassword) return <ResetPassword signInPath={ADMIN_BASE} />;
  if (!account) return <SignIn siteTitle={siteTitle} canEmailResetLinks={canEmailResetLinks} />;
  if (!account.permissions.includes('admin.use')) {
    return (
      <main className="admin-signin">
        <h1>{ADMIN.appTitle}</h1>
        <p role="alert">{ADMIN.noAdminAccess}</p>
        <button type="button" onClick={signOut}>{ADMIN.signOut}</button>
      </main>
    );
  }
  const allowed = SCREENS.filter((screen) => account.permissions.includes(screen.permission));
  const parts = path.slice(ADMIN_BASE.length).split('/').filter(Boolean);
  const current = allowed.find((screen) => screen.key === parts[0]) ?? allowed[0]!;
  // an address of a screen this role does not open shows the first it does, and says so
  const refused = parts[0] !== undefined && current.key !== parts[0] ? SCREENS.find((screen) => screen.key === parts[0]) : undefined;
  const can = (permission: string) => account.permissions.includes(permission);

  let screen;
  switch (current.key) {
    case 'products':
      screen = parts[1] === undefined
        ? <ProductsScreen navigate={navigate} canEdit={can('catalogue.edit')} />
        : <ProductEditor key={parts[1]} productId={parts[1] === 'new' ? null : parts[1]} navigate={navigate} canEdit={can('catalogue.edit')} />;
      break;
    case 'inventory':
      screen = <InventoryScreen navigate={navigate} canEdit={can('catalogue.edit')} canReadOrders={can('orders.read')} />;
      break;
    case 'orders':
      screen = parts[1] === undefined
        ? <OrdersScreen navigate={navigate} />
        : <OrderDetail key={parts[1]} orderId={parts[1]} navigate={navigate} canManage={can('orders.manage')} />;
      break;
    case 'gift-cards':
      screen = parts[1] === undefined
        ? <GiftCardsScreen navigate={navigate} />
        : <GiftCardDetail key={parts[1]} giftCardId={parts[1]} navigate={navigate} canManage={can('orders.manage')} />;
      break;
    case 'discounts':
      screen = parts[1] === undefined
        ? <DiscountsScreen navigate={navigate} canManage={can('store.manage')} />
        : <DiscountCodeEditor key={parts[1]} discountCodeId={parts[1] === 'new' ? null : parts[1]} navigate={navigate} canManage={can('store.manage')} />;
      break;
    case 'messages':
      screen = <MessagesScreen canNotify={can('restock.send')} />;
      break;
    case 'settings':
      screen = <SettingsScreen canEdit={can('store.manage')} onSiteTitleSaved={setSiteTitle} onMoneyFormatSaved={setMoneyFormat} onTimeZoneSaved={setTimeZone} onLanguageSaved={setLocale} />;
      break;
    case 'pages':
      screen = parts[1] === undefined
        ? <PagesScreen navigate={navigate} canEdit={can('store.manage')} />
        : <PageEditor key={parts[1]} pageId={parts[1] === 'new' ? null : parts[1]} navigate={navigate} canEdit={can('store.manage')} />;
      break;
    case 'block-fields':
      screen = <BlockFieldsScreen canEdit={can('store.manage')} />;
      break;
    case 'staff':
      screen = <StaffScreen />;
      break;
    default:
      screen = <AccountScreen email={email} onEmailChanged={setEmail} />;
  }

  return (
    <div className="admin-layout">
      {/* the first stop of the keyboard: past the header's links to the screen */}
      <a className="admin-skip" href="#admin-main" inert={sessionEnded} onClick={(event) => { event.preventDefault(); main.current?.focus(); }}>{ADMIN.skipToContent}</a>
      <AdminHeader siteTitle={siteTitle} sections={allowed.map((item) => item.key)} current={current.key} email={email} inert={sessionEnded}
        onNavigate={navigate} onSignOut={() => void signOut()} />
      {/* out of reach while the password is asked again over it */}
      <main id="admin-main" className="admin-main" ref={main} tabIndex={-1} inert={sessionEnded}>
        {updated ? (
          <div className="admin-notice admin-notice--info admin-updated" role="status">
            <p>{ADMIN.adminUpdated}</p>
            <button type="button" onClick={() => window.location.reload()}>{ADMIN.reloadAdmin}</button>
          </div>
        ) : null}
        <Notice text={signedInAgain ? ADMIN.signedInAgain : ''} />
        <Notice text={refused ? ADMIN.screenNotForRole(ADMIN.screens[refused.key], ADMIN.screens[current.key]) : ''} />
        <StoreTimeZone.Provider value={timeZone}>
          <StoreLocale.Provider value={locale}>
            <StoreMoneyFormat.Provider value={moneyFormat}>{screen}</StoreMoneyFormat.Provider>
          </StoreLocale.Provider>
        </StoreTimeZone.Provider>
      </main>
      {sessionEnded ? <SessionPrompt email={email} onSignedIn={resume} onSignOut={() => void signOut()} /> : null}
    </div>
  );
}
