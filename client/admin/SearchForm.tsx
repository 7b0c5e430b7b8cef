/** The search box of an admin list: the owner types, then searches with Enter or the button. */
import { useState, type Ref } from 'react';
import { ADMIN } from '../lib/admin-messages.ts';

/**
 * `initialWords`: the search the list already shows (kept in its address), to start from.
 * `inputRef`: the box itself, for a list whose other filters take the words it shows (the Products
 * screen: a box emptied, then a filter changed, is no search).
 */
export function SearchForm({ id, hint, initialWords = '', onSearch, inputRef }: {
  id: string; hint?: string; initialWords?: string; onSearch: (words: string) => void; inputRef?: Ref<HTMLInputElement>;
}) {
  const [query, setQuery] = useState(initialWords);
  // the list moved to another search (Back, Forward): the box shows it, keeping the focus where it is
  const [started, setStarted] = useState(initialWords);
  if (started !== initialWords) {
    setStarted(initialWords);
    setQuery(initialWords);
  }
  const hintId = `${id}-hint`;
  return (
    <form role="search" className="admin-search" onSubmit={(event) => { event.preventDefault(); onSearch(query.trim()); }}>
      <label htmlFor={id}>{ADMIN.search}</label>
      <input id={id} ref={inputRef} type="search" value={query} {...(hint ? { 'aria-describedby': hintId } : {})} onChange={(event) => setQuery(event.target.value)} />
      <button type="submit">{ADMIN.search}</button>
      {hint ? <span id={hintId} className="admin-hint">{hint}</span> : null}
    </form>
  );
}
