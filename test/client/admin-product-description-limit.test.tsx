// @vitest-environment jsdom
/**
 * The description stops at the server's limit in the editor itself, counting near it, so a long
 * paste never makes a whole save refused as too large; a save refused as too large anyway marks
 * the description rather than showing only a banner.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { MAX_DESCRIPTION_LENGTH } from '../../client/lib/product-text-limits.ts';
import { ProductEditor } from '../../client/admin/screens/ProductEditor.tsx';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const settings = { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings: { currency: 'USD' } } } };

function hintOf(field: HTMLElement): string | null {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)).find((element) => element?.classList.contains('admin-hint'))?.textContent ?? null;
}

describe('the description field', () => {
  it('takes at most the server limit and shows the count near it', async () => {
    scriptFetch([settings]);
    render(<ProductEditor productId={null} navigate={() => {}} canEdit />);
    await settle();
    const description = screen.getByLabelText(ADMIN.description) as HTMLTextAreaElement;
    expect(description.maxLength).toBe(20_000);
    expect(MAX_DESCRIPTION_LENGTH).toBe(20_000);
    fireEvent.change(description, { target: { value: 'a'.repeat(100) } });
    expect(hintOf(description)).toBeNull();
    fireEvent.change(description, { target: { value: 'a'.repeat(19_500) } });
    expect(hintOf(description)).toBe('19,500 of 20,000 characters.');
  });

  it('is marked, and nothing sent, when it holds more than the limit; a save refused as too large marks it too', async () => {
    const calls = scriptFetch([settings, { method: 'POST', path: '/api/admin/products', answer: { status: 413, body: { message: 'The request body is too large.' } } }]);
    render(<ProductEditor productId={null} navigate={() => {}} canEdit />);
    await settle();
    const description = screen.getByLabelText(ADMIN.description) as HTMLTextAreaElement;
    fireEvent.change(screen.getByLabelText(ADMIN.title), { target: { value: 'Long' } });
    // jsdom, as a script, is not held to maxLength
    fireEvent.change(description, { target: { value: 'a'.repeat(120_000) } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    expect(description.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Use at most 20,000 characters.')).toBeTruthy();

    fireEvent.change(description, { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(screen.getByText(ADMIN.productTooLargeToSend)).toBeTruthy();
    expect(screen.getByText(ADMIN.fixErrors)).toBeTruthy();
  });
});
