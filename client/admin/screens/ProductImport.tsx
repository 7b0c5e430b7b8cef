/**
 * Products from a spreadsheet, on the Products screen: a CSV file with a row per variant (a
 * sample to start from), imported whole or not at all, new products or, when ticked, products the
 * shop has written over (an exported file edited); each problem is listed by the row and column
 * the spreadsheet shows, to be corrected there.
 */
import { useState, type FormEvent } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { adminCall } from '../admin-api.ts';
import { CheckboxField, Field, Notice } from '../Field.tsx';
import { refusedNotice, useScreenNotice } from '../screen-notice.ts';
import { TableRegion } from '../TableRegion.tsx';

interface Problem { row: number; column: string | null; message: string }

export function ProductImport({ onImported }: { onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [updateExisting, setUpdateExisting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useScreenNotice();
  const [problems, setProblems] = useState<Problem[]>([]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (file === null) {
      setSaid({ text: ADMIN.server.importFileMissing, kind: 'error' });
      return;
    }
    setBusy(true);
    // a large file takes a while to write: say how large, so the wait reads as work, not a hang
    // (counted beside the call, never delaying it, and said only while it is under way)
    let answered = false;
    void rowCountOf(file).then((rows) => {
      if (rows !== null && !answered) setSaid({ text: ADMIN.importingRows.replace('{count}', rows.toLocaleString('en-US')), kind: 'info' });
    });
    const body = new FormData();
    body.append('update', updateExisting ? 'yes' : 'no');
    body.append('file', file);
    const answer = await adminCall<{ created: number; updated: number; unchanged: number; message: string }>('POST', '/api/admin/product-import', body);
    answered = true;
    setBusy(false);
    if (answer.ok) {
      setProblems([]);
      setSaid({ text: answer.data.message, kind: 'info' });
      onImported();
      return;
    }
    const listed = answer.body?.problems;
    setProblems(Array.isArray(listed) ? (listed as Problem[]) : []);
    setSaid(refusedNotice(answer));
  }

  return (
    <details className="admin-import">
      <summary>{ADMIN.importTitle}</summary>
      <p className="admin-hint">{ADMIN.importIntro} <a href="/api/admin/product-import/sample.csv" download>{ADMIN.importSample}</a></p>
      <form className="admin-form" onSubmit={submit} noValidate>
        <Field label={ADMIN.importFile}>
          {(control) => <input {...control} type="file" accept=".csv,text/csv" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />}
        </Field>
        <CheckboxField label={ADMIN.importUpdateExisting} hint={ADMIN.importUpdateHint} checked={updateExisting} onChange={setUpdateExisting} />
        <button type="submit" disabled={busy}>{busy ? ADMIN.importing : ADMIN.importButton}</button>
      </form>
      <Notice text={said.text} kind={said.kind} />
      {problems.length > 0 ? (
        <TableRegion label={ADMIN.importProblem}>
          <table className="admin-table">
            <thead><tr><th scope="col">{ADMIN.importRow}</th><th scope="col">{ADMIN.importColumn}</th><th scope="col">{ADMIN.importProblem}</th></tr></thead>
            <tbody>
              {problems.map((problem, index) => (
                <tr key={index}><td>{problem.row > 0 ? problem.row : ''}</td><td>{problem.column ?? ''}</td><td>{problem.message}</td></tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
    </details>
  );
}

/**
 * The rows of a CSV file below its header, as the import counts them (a line break inside quotes
 * is part of a cell; empty lines are skipped); null when the file cannot be read here.
 */
export async function rowCountOf(file: Blob): Promise<number | null> {
  let text: string;
  try {
    // FileReader where Blob.text is missing (older Safari)
    text = typeof file.text === 'function' ? await file.text() : await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsText(file);
    });
  } catch {
    return null;
  }
  let rows = 0;
  let quoted = false;
  let filled = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    if (!quoted && (c === '\n' || c === '\r')) {
      if (filled) rows += 1;
      filled = false;
    } else if (c !== '\uFEFF') filled = true;
  }
  if (filled) rows += 1;
  return Math.max(0, rows - 1);
}
