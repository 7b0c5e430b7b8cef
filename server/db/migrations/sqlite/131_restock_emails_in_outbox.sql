-- Restock notices and mailing-list confirmations were written to restock_outbox, which nothing
-- delivered: they now go through email_outbox like every other email (sent over SMTP when the
-- store has a server, kept otherwise). The ones written before are moved there, not yet tried.
INSERT INTO email_outbox (id, kind, subject_id, recipient, subject, text_body, html_body, status, created_on)
  SELECT id, kind, signup_id, recipient, subject, body, '', 'pending', created_on FROM restock_outbox;
DROP TABLE restock_outbox;
-- the double opt-in asks when an address was last sent a confirmation
CREATE INDEX email_outbox_by_recipient ON email_outbox(lower(recipient), kind, created_on);
