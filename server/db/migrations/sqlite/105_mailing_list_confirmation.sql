-- Double opt-in: an address joins mailing_list only once its owner opens the signed link mailed
-- to it. The confirmation message goes into the outbox beside the restock notices, so the outbox
-- now says what kind each message is and a confirmation has no restock sign-up.

CREATE TABLE restock_outbox_next (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL DEFAULT 'restock-notice' CHECK (kind IN ('restock-notice', 'mailing-list-confirmation')),
  signup_id TEXT REFERENCES restock_signups(id),
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  created_on INTEGER NOT NULL,
  CHECK (kind = 'mailing-list-confirmation' OR signup_id IS NOT NULL)
);
INSERT INTO restock_outbox_next (id, kind, signup_id, recipient, subject, body, created_on)
  SELECT id, 'restock-notice', signup_id, recipient, subject, body, created_on FROM restock_outbox;
DROP TABLE restock_outbox;
ALTER TABLE restock_outbox_next RENAME TO restock_outbox;
CREATE INDEX restock_outbox_by_recipient ON restock_outbox(recipient, kind, created_on);

-- keys this store makes for itself once and every process then shares (the confirmation links' HMAC key)
CREATE TABLE server_secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
-- made here, once, from SQLite's own cryptographic random source, so no request ever has to write it
INSERT INTO server_secrets (name, value) VALUES ('mailing-list-confirmation', lower(hex(randomblob(32))));
