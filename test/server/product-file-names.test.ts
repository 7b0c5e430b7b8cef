/**
 * What an uploaded file's name and declared type become before a download header carries them:
 * no path, quotes or control characters in the name (a header cannot be split or misread), a
 * plain MIME type or application/octet-stream, and the name in both Content-Disposition forms.
 */
import { describe, expect, it } from 'vitest';
import { cleanContentType, cleanFileName } from '../../server/admin/product-file-upload.ts';
import { attachmentHeader } from '../../server/pages/download-pages.ts';

describe('a download file name', () => {
  it('keeps the last segment of a path, without control characters, quotes or backslashes', () => {
    expect(cleanFileName('C:\\Users\\ada\\guide.pdf')).toBe('guide.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a\r\nSet-Cookie: x.pdf')).toBe('aSet-Cookie: x.pdf');
    expect(cleanFileName('"quoted".pdf')).toBe('quoted.pdf');
    expect(cleanFileName('Färberei 🌿.pdf')).toBe('Färberei 🌿.pdf');
    expect(cleanFileName('..')).toBe('download');
    expect(cleanFileName('')).toBe('download');
    expect([...cleanFileName('x'.repeat(500))]).toHaveLength(200);
  });

  it('is written plain for old clients and UTF-8 encoded for the rest', () => {
    expect(attachmentHeader('Färberei 🌿 (1).pdf')).toBe(`attachment; filename="F_rberei __ (1).pdf"; filename*=UTF-8''F%C3%A4rberei%20%F0%9F%8C%BF%20%281%29.pdf`);
    expect(attachmentHeader('100% wool.pdf')).toBe(`attachment; filename="100_ wool.pdf"; filename*=UTF-8''100%25%20wool.pdf`);
  });
});

describe('a download content type', () => {
  it('keeps a plain MIME type and replaces anything else with application/octet-stream', () => {
    expect(cleanContentType('application/pdf')).toBe('application/pdf');
    expect(cleanContentType('Text/Plain; charset=utf-8')).toBe('text/plain');
    expect(cleanContentType('')).toBe('application/octet-stream');
    expect(cleanContentType('not a type')).toBe('application/octet-stream');
  });
});
