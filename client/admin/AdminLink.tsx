/**
 * A link to another admin screen: a real link (its address can be copied or opened anew), which a
 * click follows inside the admin, through its navigate, rather than loading the whole page.
 */
import type { ReactNode } from 'react';
import type { Navigate } from './AdminApp.tsx';

export function AdminLink({ to, navigate, children }: { to: string; navigate: Navigate; children: ReactNode }) {
  return <a href={to} onClick={(event) => { event.preventDefault(); navigate(to); }}>{children}</a>;
}
