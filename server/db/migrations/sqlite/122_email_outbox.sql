-- Emails the store sends (order confirmations), written in the same transaction as what they
-- announce. Sent through SMTP when configured; otherwise they stay here for the owner to read.
CREATE TABLE email_outbox (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  -- the record the email is about (an order id)
  subject_id TEXT,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  html_body TEXT NOT NULL,
  -- pending: not yet tried; sent; failed: SMTP refused it (error says why); kept: no SMTP configured
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'kept')),
  error TEXT,
  created_on INTEGER NOT NULL,
  sent_on INTEGER
);
CREATE INDEX email_outbox_by_status ON email_outbox(status, created_on);
