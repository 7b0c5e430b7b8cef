/** Loads one admin call's answer for a screen, again whenever `reload` is called. */
import { useCallback, useEffect, useState } from 'react';
import { adminCall } from './admin-api.ts';
import { onSessionRestored } from './session-ended.ts';

export function useCall<T>(path: string | null): { data: T | null; error: string; loading: boolean; reload: () => void } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(path !== null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (path === null) return;
    let live = true;
    setLoading(true);
    void adminCall<T>('GET', path).then((answer) => {
      if (!live) return;
      setLoading(false);
      if (answer.ok) {
        setData(answer.data);
        setError('');
      } else setError(answer.message);
    });
    return () => {
      live = false;
    };
  }, [path, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  // a load refused because the session had ended asks again once the owner has signed in again
  useEffect(() => (error === '' ? undefined : onSessionRestored(reload)), [error, reload]);
  return { data, error, loading, reload };
}
