/** The search box of an admin list: the owner types, then searches with Enter or the button. */
import { useState } from 'react';
import { ADMIN } from '../lib/admin-messages.ts';

export function SearchForm({ id, hint, onSearch }: { id: string; hint?: string; onSearch: (words: string) => void }) {
  const [query, setQuery] = useState('');
  const hintId = `${id}-hint`;
  return (
    <form role="search" className="admin-search" onSubmit={(event) => { event.preventDefault(); onSearch(query.trim()); }}>
      <label htmlFor={id}>{ADMIN.search}</label>
      <input id={id} type="search" value={query} {...(hint ? { 'aria-describedby': hintId } : {})} onChange={(event) => setQuery(event.target.value)} />
      <button type="submit">{ADMIN.search}</button>
      {hint ? <span id={hintId} className="admin-hint">{hint}</span> : null}
    </form>
  );
}
