import type Database from 'better-sqlite3';

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
export function createFormSubmissionRepository(db: Database.Database) {
  const formById = db.prepare<[string], { id: string; name: string; definition_json: string }>(
    'SELECT id, name, definition_json FROM forms WHERE id = ?',
  );
  const allForms = db.prepare<[], { id: string; name: string; definition_json: string }>(
    'SELECT id, name, definition_json FROM forms ORDER BY id',
  );
  const insertKey = db.prepare('INSERT INTO form_submission_keys (key, created_on) VALUES (?, ?)');
  const dropOldKeys = db.prepare('DELETE FROM form_submission_keys WHERE created_on <= ?');
  // rowids grow with each insert and only the oldest rows are removed, so this is the overflow
  const dropOverflow = db.prepare('DELETE FROM form_submission_keys WHERE rowid <= ?');
  const keyByValue = db.prepare<[string], { created_on: number; used_on: number | null }>(
    'SELECT created_on, used_on FROM form_submission_keys WHERE key = ?',
  );
  const markKeyUsed = db.prepare('UPDATE form_submission_keys SET used_on = ? WHERE key = ? AND used_on IS NULL');
  const insertSubmission = db.prepare(
    `INSERT INTO form_submissions (id, form_id, submission_key, values_json, page_title, page_id, content_source,
       page_path, page_permission_type_value, site_user_id, created_on)
     VALUES (@id, @formId, @key, @valuesJson, @pageTitle, @pageId, @contentSource,
       @pagePath, @pagePermissionTypeValue, @siteUserId, @createdOn)`,
  );
  const submissionsOfForm = db.prepare<[string], SubmissionRow>(
    'SELECT * FROM form_submissions WHERE form_id = ? ORDER BY created_on, id',
  );

  const toForm = (row: { id: string; name: string; definition_json: string }): StoredForm => ({
    id: row.id, name: row.name, definitionJson: row.definition_json,
  });

  /** Key check and submission insert in one transaction, so a key can never store two submissions. */
  const redeemAndStore = db.transaction(
    (submission: NewFormSubmission, oldestValidKey: number): KeyRedemption => {
      const key = keyByValue.get(submission.key);
      if (!key) return 'unknown';
      if (key.used_on !== null) return 'used';
      if (key.created_on <= oldestValidKey) return 'expired';
      markKeyUsed.run(submission.createdOn, submission.key);
      insertSubmission.run(submission);
      return 'redeemed';
    },
  );

  return {
    findForm(id: string): StoredForm | null {
      const row = formById.get(id);
      return row ? toForm(row) : null;
    },
    listForms(): StoredForm[] {
      return allForms.all().map(toForm);
    },
    /** Stores a fresh key; keys older than the validity window are dropped at the same time. */
    issueKey(key: string, now: number, oldestValidKey: number, cap: number = MAX_OUTSTANDING_FORM_KEYS): void {
      dropOldKeys.run(oldestValidKey);
      const rowid = Number(insertKey.run(key, now).lastInsertRowid);
      if (rowid > cap) dropOverflow.run(rowid - cap);
    },
    redeemKeyAndStore(submission: NewFormSubmission, oldestValidKey: number): KeyRedemption {
      return redeemAndStore(submission, oldestValidKey);
    },
    submissionsOf(formId: string): StoredFormSubmission[] {
      return submissionsOfForm.all(formId).map((row) => ({
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
        createdOn: row.created_on,
      }));
    },
  };
}

export type FormSubmissionRepository = ReturnType<typeof createFormSubmissionRepository>;
