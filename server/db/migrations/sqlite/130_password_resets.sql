-- Links to choose a new password, sent by email from the admin's sign-in ("Forgot your password?").
-- Only the token's SHA-256 is kept: the link itself is in the email alone. A link works once,
-- for an hour; asking again replaces the account's earlier link.
CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY,
  site_user_id TEXT NOT NULL REFERENCES site_users(id) ON DELETE CASCADE,
  created_on INTEGER NOT NULL,
  expires_on INTEGER NOT NULL
);
CREATE INDEX password_resets_by_user ON password_resets(site_user_id);
