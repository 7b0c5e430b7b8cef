-- Restock requests marked notified whose notice never reached the shopper. A notice the mail
-- server refused was marked failed and its request stayed notified, so the shopper was never told
-- and the owner's list showed nobody waiting. Restock notices migration 131 moved into the outbox
-- as pending but already older than the sweep's two days were never taken by it, so they stayed
-- pending for good, their requests notified too. The build now makes a request wait again when
-- its notice fails or is given up (server/email/undelivered-email.ts); this does it for the rows
-- written before.
--
-- The late notices are given up, not sent: written when the variant was back, long ago, they
-- could say so after it sold out again (see 135); only the owner's Notify, which checks the stock
-- first, tells shoppers it is back. Only those never tried are: one a process took (attempted_on)
-- may have reached the mail server before the process stopped, and its request keeps its mark.
-- The error is the one the outbox sweep writes for the same case (serverMessages.restockNoticeTooLate).
--
-- As in 135, a request waits again only when its newest restock notice was not delivered (failed,
-- or kept by a store without a mail server): one whose newest notice was sent, or is on its way,
-- keeps its mark, so nobody who was emailed is emailed twice.
CREATE INDEX email_outbox_by_subject ON email_outbox(subject_id, kind, created_on);
UPDATE email_outbox
SET status = 'failed', error = 'Not sent: still waiting two days after it was written, too late to say the item is back. The request waits for the next Notify.'
WHERE kind = 'restock-notice' AND status = 'pending' AND attempted_on IS NULL
  AND created_on <= CAST(EXTRACT(EPOCH FROM now()) * 1000 AS BIGINT) - 2 * 24 * 60 * 60 * 1000;
UPDATE restock_signups SET notified_on = NULL
WHERE notified_on IS NOT NULL
  AND (SELECT notice.status FROM email_outbox notice
       WHERE notice.kind = 'restock-notice' AND notice.subject_id = restock_signups.id
       ORDER BY notice.created_on DESC, notice.rowid DESC LIMIT 1) IN ('failed', 'kept');
