// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useConfirmDialog, type ConfirmOptions } from '../../client/components/ConfirmDialog.tsx';
import { Alert } from '../../client/components/Alert.tsx';
import { useFetch } from '../../client/lib/use-fetch.ts';
import { visitorFlags, SESSION_ID_KEY } from '../../client/lib/visitor-flags.ts';
import { readPageContext } from '../../client/lib/page-context.ts';
import type { ApiResult } from '../../client/lib/api.ts';
import { clearCookies, settle } from './helpers.ts';

function ConfirmHarness({ options, onResult }: { options: ConfirmOptions; onResult: (value: boolean) => void }) {
  const dialog = useConfirmDialog();
  return (
    <>
      <button type="button" onClick={() => void dialog.confirm(options).then(onResult)}>ask</button>
      <button type="button" onClick={dialog.close}>close from caller</button>
      {dialog.element}
    </>
  );
}

describe('confirm dialog', () => {
  afterEach(cleanup);

  it('resolves true on confirm and false on cancel or Escape', async () => {
    const results: boolean[] = [];
    render(<ConfirmHarness options={{ message: 'Sure?' }} onResult={(v) => results.push(v)} />);
    fireEvent.click(screen.getByText('ask'));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await settle();
    fireEvent.click(screen.getByText('ask'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await settle();
    fireEvent.click(screen.getByText('ask'));
    fireEvent.keyDown(document, { key: 'Escape' });
    await settle();
    expect(results).toEqual([true, false, false]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('starts on Cancel, or on its one button when it cannot be cancelled', async () => {
    const { rerender } = render(<ConfirmHarness options={{ message: 'Sure?' }} onResult={() => undefined} />);
    fireEvent.click(screen.getByText('ask'));
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    await settle();
    rerender(<ConfirmHarness options={{ message: 'Sure?', cancellable: false }} onResult={() => undefined} />);
    fireEvent.click(screen.getByText('ask'));
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Confirm' }));
  });

  it('can be non-cancellable and can stay open after confirming', async () => {
    const results: boolean[] = [];
    render(<ConfirmHarness options={{ message: 'Sure?', cancellable: false, autoClose: false }} onResult={(v) => results.push(v)} />);
    fireEvent.click(screen.getByText('ask'));
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await settle();
    expect(results).toEqual([true]);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    fireEvent.click(screen.getByText('close from caller'));
    await settle();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('alert', () => {
  afterEach(cleanup);

  it('gives its title as bold text, not a heading, so it never breaks the page\'s heading order', () => {
    render(<main><h1>Linen Work Shirt</h1><Alert title="Unable to Add Item" message="Please select the Size option." onDismiss={() => undefined} returnFocusTo={() => null} /></main>);
    const alert = screen.getByRole('alert');
    // an h3 here would sit right under the page's h1 (axe: heading-order)
    expect(screen.getAllByRole('heading').map((heading) => heading.tagName)).toEqual(['H1']);
    expect(alert.querySelector('.island-alert__title strong')!.textContent).toBe('Unable to Add Item');
    // announced whole: the title, then the message, then its Close
    expect(alert.textContent).toBe('Unable to Add ItemPlease select the Size option.Close');
  });
});

describe('fetch hook', () => {
  afterEach(cleanup);

  it('exposes data, error, isLoading, isError and refetch', async () => {
    let calls = 0;
    const request = vi.fn(async (): Promise<ApiResult<number>> => {
      calls += 1;
      return calls === 1
        ? { ok: false, status: 500, kind: 'server', message: 'Please try again.', body: null }
        : { ok: true, status: 200, data: 42 };
    });
    const onError = vi.fn();
    let state: ReturnType<typeof useFetch<number>> | null = null;
    function Probe() {
      state = useFetch(request, [], onError);
      return null;
    }
    render(<Probe />);
    expect(state!.isLoading).toBe(true);
    await settle();
    expect(state!).toMatchObject({ data: null, error: 'Please try again.', isLoading: false, isError: true });
    expect(onError).toHaveBeenCalledWith('Please try again.');
    act(() => state!.refetch());
    await settle();
    expect(state!).toMatchObject({ data: 42, error: null, isLoading: false, isError: false });
  });
});

describe('visitor flags and page context', () => {
  afterEach(() => {
    clearCookies();
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('marks the first landing once and the first session until a new session starts', () => {
    expect(visitorFlags()).toEqual({ isFirstLanding: true, isFirstSession: true });
    expect(visitorFlags()).toEqual({ isFirstLanding: false, isFirstSession: true });
    localStorage.removeItem(SESSION_ID_KEY);
    expect(visitorFlags()).toEqual({ isFirstLanding: false, isFirstSession: false });
  });

  it('falls back to false flags without storage', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('denied');
    });
    expect(visitorFlags()).toEqual({ isFirstLanding: false, isFirstSession: false });
  });

  it('reads the page type from the body and the context script', () => {
    document.body.innerHTML = '<script type="application/json" id="storefront-page-context">{"memberRoles":[10]}</script>';
    document.body.dataset.pageType = '100';
    expect(readPageContext()).toEqual({ pageType: 100, memberRoles: [10] });
    delete document.body.dataset.pageType;
    document.body.innerHTML = '';
  });
});
