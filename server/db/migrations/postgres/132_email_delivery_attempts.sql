-- When a process last took an email to deliver: a process that stops between writing an email and
-- sending it leaves it pending, and a sweep in any process sends it later; the mark keeps two
-- processes from sending one email twice.
ALTER TABLE email_outbox ADD COLUMN attempted_on BIGINT;
