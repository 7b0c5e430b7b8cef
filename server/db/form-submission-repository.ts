import type { StoreSession } from './store.ts';

export interface StoredForm {
  id: string;
  name: string;
  definitionJson: string;
}

export interface NewFormSubmission {
  id: string;
  formId: string;
  key: string;
  valuesJson: string;
  pageTitle: string | null;
  pageId: string | null;
  contentSource: 'i' | 'c' | null;
  pagePath: string | null;
  pagePermissionTypeValue: string | null;
  siteUserId: string | null;
  createdOn: number;
}

export interface StoredFormSubmission extends NewFormSubmission {}

interface SubmissionRow {
  id: string;
  form_id: string;
  submission_key: string;
  values_json: string;
  page_title: string | null;
  page_id: string | null;
  content_source: 'i' | 'c' | null;
  page_path: string | null;
  page_permission_type_value: string | null;
  site_user_id: string | null;
  created_on: number;
}

/** Outstanding keys kept at most; past it the oldest go, so a flood of key requests stays bounded. */
export const MAX_OUTSTANDING_FORM_KEYS = 50_000;

export type KeyRedemption = 'redeemed' | 'unknown' | 'used' | 'expired';

/** Form definitions (seeded into `forms`), submission keys and stored submissions. */
export function createFormSubmissionRepository(session: StoreSession) {
  type FormRow = { id: string; name: string; definition_json: string };
  const toForm = (row: FormRow): StoredForm => ({
    id: row.id, name: row.name, definitionJson: row.definition_json,
  });

  return {
    async findForm(id: string): Promise<StoredForm | null> {
      const row = await session.get<FormRow>('SELECT id, name, definition_json FROM forms WHERE id = ?', [id]);
      return row ? toForm(row) : null;
    },
    async listForms(): Promise<StoredForm[]> {
      return (await session.all<FormRow>('SELECT id, name, definition_json FROM forms ORDER BY id')).map(toForm);
    },
    /** Stores a fresh key; keys older than the validity window are dropped at the same time. */
    async issueKey(key: string, now: number, oldestValidKey: number, cap: number = MAX_OUTSTANDING_FORM_KEYS): Promise<void> {
      await session.transaction(async (tx) => {
        await tx.run('DELETE FROM form_submission_keys WHERE created_on <= ?', [oldestValidKey]);
        const inserted = await tx.get<{ rowid: number }>(
          'INSERT INTO form_submission_keys (key, created_on) VALUES (?, ?) RETURNING rowid',
          [key, now],
        );
        // rowids grow with each insert and only the oldest rows are removed, so this is the overflow
        const rowid = Number(inserted?.rowid ?? 0);
        if (rowid > cap) await tx.run('DELETE FROM form_submission_keys WHERE rowid <= ?', [rowid - cap]);
      });
    },
    /**
     * Key check and submission insert in one transaction; the key is used up by a conditional
     * update, so of two saves racing with one key exactly one stores its submission.
     */
    async redeemKeyAndStore(submission: NewFormSubmission, oldestValidKey: number): Promise<KeyRedemption> {
      return session.transaction(async (tx): Promise<KeyRedemption> => {
        const key = await tx.get<{ created_on: number; used_on: number | null }>(
          'SELECT created_on, used_on FROM form_submission_keys WHERE key = ?',
          [submission.key],
        );
        if (!key) return 'unknown';
        if (key.used_on !== null) return 'used';
        if (Number(key.created_on) <= oldestValidKey) return 'expired';
        const marked = await tx.run(
          'UPDATE form_submission_keys SET used_on = ? WHERE key = ? AND used_on IS NULL',
          [submission.createdOn, submission.key],
        );
        if (marked.changes !== 1) return 'used';
        await tx.run(
          `INSERT INTO form_submissions (id, form_id, submission_key, values_json, page_title, page_id, content_source,
             page_path, page_permission_type_value, site_user_id, created_on)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            submission.id, submission.formId, submission.key, submission.valuesJson, submission.pageTitle, submission.pageId,
            submission.contentSource, submission.pagePath, submission.pagePermissionTypeValue, submission.siteUserId, submission.createdOn,
          ],
        );
        return 'redeemed';
      });
    },
    async submissionsOf(formId: string): Promise<StoredFormSubmission[]> {
      const rows = await session.all<SubmissionRow>('SELECT * FROM form_submissions WHERE form_id = ? ORDER BY created_on, id', [formId]);
      return rows.map((row) => ({
        id: row.id,
        formId: row.form_id,
        key: row.submission_key,
        valuesJson: row.values_json,
        pageTitle: row.page_title,
        pageId: row.page_id,
        contentSource: row.content_source,
        pagePath: row.page_path,
        pagePermissionTypeValue: row.page_permission_type_value,
        siteUserId: row.site_user_id,
        createdOn: Number(row.created_on),
      }));
    },
  };
}

export type FormSubmissionRepository = ReturnType<typeof createFormSubmissionRepository>;
