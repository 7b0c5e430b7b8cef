/**
 * The file a digital product delivers to its buyers, in the product editor: the current file's
 * name and size, an upload field (the file replaces the current one at once, outside the form's
 * Save, as the images do) with its progress, and Remove. Any type of file, at most 100 MB,
 * refused here before any of it is sent.
 */
import { useEffect, useRef, useState } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { MAX_PRODUCT_FILE_BYTES, productFileTooLarge } from '../../lib/product-file-limits.ts';
import { adminCall } from '../admin-api.ts';
import { adminUpload } from '../admin-upload.ts';
import { Field, Notice } from '../Field.tsx';

/** A product's file as the editor's answer gives it. */
export interface ProductFile {
  fileName: string;
  byteSize: number;
  uploadedOn: number;
}

type Status = { text: string } | null;

export function ProductFileField({ productId, file }: { productId: string | null; file: ProductFile | null }) {
  const [current, setCurrent] = useState<ProductFile | null>(file);
  const [sending, setSending] = useState<{ name: string; sent: number } | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [error, setError] = useState('');
  const field = useRef<HTMLInputElement>(null);
  // another product opened, or the same one loaded again: its file as the store has it
  useEffect(() => setCurrent(file), [productId, file]);

  if (productId === null) return <p className="admin-hint">{ADMIN.downloadFileAfterSave}</p>;
  const path = `/api/admin/products/${encodeURIComponent(productId)}/file`;

  async function upload(chosen: File) {
    setStatus(null);
    if (chosen.size > MAX_PRODUCT_FILE_BYTES) {
      setError(productFileTooLarge());
      return;
    }
    setError('');
    setSending({ name: chosen.name, sent: 0 });
    const body = new FormData();
    body.append('file', chosen);
    const answer = await adminUpload<{ file: ProductFile }>(path, body, (sent) => setSending({ name: chosen.name, sent }));
    setSending(null);
    if (answer.ok) {
      setCurrent(answer.data.file);
      setStatus({ text: ADMIN.downloadFileUploaded(answer.data.file.fileName) });
    } else if (answer.status === 0) {
      setError(ADMIN.downloadFileFailed(chosen.name));
    } else {
      setError(answer.fieldErrors.file ?? answer.message);
    }
    field.current?.focus();
  }

  async function remove() {
    setStatus(null);
    setError('');
    const answer = await adminCall<{ file: null }>('DELETE', path);
    if (answer.ok || answer.status === 404) {
      setCurrent(null);
      setStatus({ text: ADMIN.downloadFileRemoved });
      field.current?.focus();
    } else {
      setError(answer.message);
    }
  }

  return (
    <div className="admin-product-file">
      <p className="admin-product-file__current">
        {current ? ADMIN.downloadFileCurrent(current.fileName, ADMIN.downloadFileSize(current.byteSize)) : ADMIN.downloadFileNone}
      </p>
      <Field label={current ? ADMIN.downloadFileReplace : ADMIN.downloadFileChoose} error={error || undefined} hint={ADMIN.downloadFileHint}>
        {(control) => <input {...control} ref={field} type="file" disabled={sending !== null} onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) void upload(chosen);
          event.target.value = '';
        }} />}
      </Field>
      {sending ? <progress className="admin-upload-progress" max={1} value={sending.sent} aria-label={ADMIN.downloadFileUploading(sending.name)} /> : null}
      {current ? (
        <div className="admin-actions">
          <button type="button" disabled={sending !== null} onClick={() => void remove()}>{ADMIN.downloadFileRemove}</button>
        </div>
      ) : null}
      {status ? <Notice text={status.text} /> : null}
    </div>
  );
}
