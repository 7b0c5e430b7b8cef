-- An email the mail server could not take for now (refused or dropped connection, timeout, DNS
-- failure, an SMTP 4xx answer) stays pending and is tried again later, with a growing delay:
-- retry_on is when it may be tried next (null: at once), tries how many such failures it met;
-- error keeps the last one, for the owner to read while it waits.
ALTER TABLE email_outbox ADD COLUMN retry_on INTEGER;
ALTER TABLE email_outbox ADD COLUMN tries INTEGER NOT NULL DEFAULT 0;
