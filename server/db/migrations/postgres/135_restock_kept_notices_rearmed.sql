-- Restock requests that an older build marked notified while it only kept their notice. Notify on
-- a store without a mail server wrote each notice to the outbox as 'kept' (held for the owner to
-- read, never sent to anyone) and marked the request notified, so the shopper was never told and
-- the owner's list showed nobody waiting. Such a store now refuses Notify and leaves requests waiting.
--
-- Decision: the request waits again (notified_on back to NULL) when its newest restock notice was
-- kept; its next Notify, once the store has a mail server, writes and sends a notice of its own.
-- The kept notices are not made pending for the outbox sweep to send: written when the variant
-- was back, possibly long ago, they could say so after it sold out again, and only the owner's
-- Notify, which checks the stock first, should tell shoppers it is back. They stay as they are,
-- the record of what the store held (no call sends a kept restock notice). Only kept notices are
-- taken back: a request whose newest notice was sent (or handed to the mail server, or is on its
-- way) keeps its mark, so nobody who was emailed is emailed twice; one emailed before and kept
-- after a later sign-up waits again, as it asked again; one signed up again since already waits.
UPDATE restock_signups SET notified_on = NULL
WHERE notified_on IS NOT NULL
  AND (SELECT notice.status FROM email_outbox notice
       WHERE notice.kind = 'restock-notice' AND notice.subject_id = restock_signups.id
       ORDER BY notice.created_on DESC, notice.rowid DESC LIMIT 1) = 'kept';
