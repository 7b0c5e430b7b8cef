-- Site-user and owner accounts with their server-side sessions, and form submissions.

CREATE TABLE site_users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  -- scrypt: "scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>"
  password_hash TEXT NOT NULL,
  -- contributor role code of an owner account (1 admin … 15 website manager); NULL for visitors
  contributor_role INTEGER CHECK (contributor_role IS NULL OR contributor_role BETWEEN 1 AND 15),
  locale TEXT,
  created_on INTEGER NOT NULL
);

-- The SiteUserInfo cookie only names the user; this row (found through an HttpOnly token) authenticates.
CREATE TABLE site_user_sessions (
  token_hash TEXT PRIMARY KEY,
  site_user_id TEXT NOT NULL REFERENCES site_users(id) ON DELETE CASCADE,
  xsrf_token TEXT NOT NULL,
  remember_me INTEGER NOT NULL,
  created_on INTEGER NOT NULL,
  expires_on INTEGER NOT NULL
);
CREATE INDEX site_user_sessions_by_user ON site_user_sessions(site_user_id);
CREATE INDEX site_user_sessions_by_expiry ON site_user_sessions(expires_on);

CREATE TABLE form_submission_keys (
  key TEXT PRIMARY KEY,
  created_on INTEGER NOT NULL,
  used_on INTEGER
);
CREATE INDEX form_submission_keys_by_age ON form_submission_keys(created_on);

CREATE TABLE form_submissions (
  id TEXT PRIMARY KEY,
  form_id TEXT NOT NULL REFERENCES forms(id),
  submission_key TEXT NOT NULL UNIQUE,
  -- normalised values keyed by field id
  values_json TEXT NOT NULL,
  page_title TEXT,
  page_id TEXT,
  content_source TEXT CHECK (content_source IS NULL OR content_source IN ('i', 'c')),
  page_path TEXT,
  page_permission_type_value TEXT,
  site_user_id TEXT,
  created_on INTEGER NOT NULL
);
CREATE INDEX form_submissions_by_form ON form_submissions(form_id, created_on);
