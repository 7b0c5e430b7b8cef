/** A fetch hook: data, error, isLoading, isError and refetch. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiResult } from './api.ts';

export interface FetchState<T> {
  data: T | null;
  error: string | null;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
}

export function useFetch<T>(request: () => Promise<ApiResult<T>>, deps: readonly unknown[], onError?: (message: string) => void): FetchState<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isLoading, setLoading] = useState(true);
  const [run, setRun] = useState(0);
  const requestRef = useRef(request);
  requestRef.current = request;
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  useEffect(() => {
    let current = true;
    setLoading(true);
    void requestRef.current().then((result) => {
      if (!current) return;
      if (result.ok) {
        setData(result.data);
        setError(null);
      } else {
        setError(result.message);
        onErrorRef.current?.(result.message);
      }
      setLoading(false);
    });
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run, ...deps]);

  const refetch = useCallback(() => setRun((n) => n + 1), []);
  return { data, error, isLoading, isError: error !== null, refetch };
}
