-- Emails left pending longer than the outbox sweep sends them. The sweep sent nothing written over
-- two days before, so such an email (an order confirmation whose process stopped before sending
-- it, a store that was down for days) stayed pending for good, and nobody saw it never went out.
-- The build now gives up what it will no longer send, marked failed with why, each kind at its own
-- age (server/email/late-email.ts: two days for most; a password-reset link 45 minutes, while it
-- works a quarter of an hour more; a staff invitation or mailing-list confirmation six days, while
-- its link works a day more); this does it for the rows written before. The errors are the ones
-- the sweep writes (serverMessages in server/messages.ts).
--
-- One a process took (attempted_on) and never settled may have reached the mail server before the
-- process stopped: it is marked as perhaps sent, so the owner checks before sending it again, and
-- only once its mark is older than the ten minutes a process may take to send it. One never tried
-- gets its kind's reason. Restock notices never tried were given up by migration 136, their
-- requests waiting again; one taken keeps its request's mark, as there.
UPDATE email_outbox
SET status = 'failed', error = 'Perhaps sent: the process sending it stopped before the mail server answered, and it is now too late to try again. Check with the recipient before sending it again.'
WHERE status = 'pending' AND attempted_on IS NOT NULL AND attempted_on < CAST(strftime('%s', 'now') AS INTEGER) * 1000 - 10 * 60 * 1000
  AND created_on <= CAST(strftime('%s', 'now') AS INTEGER) * 1000 - CASE kind
    WHEN 'password-reset' THEN 45 * 60 * 1000
    WHEN 'staff-invitation' THEN 6 * 24 * 60 * 60 * 1000
    WHEN 'mailing-list-confirmation' THEN 6 * 24 * 60 * 60 * 1000
    ELSE 2 * 24 * 60 * 60 * 1000 END;
UPDATE email_outbox
SET status = 'failed', error = CASE kind
    WHEN 'password-reset' THEN 'Not sent: still waiting when the password link in it was about to expire, so it was given up. A new link can be asked for from the sign-in page.'
    WHEN 'staff-invitation' THEN 'Not sent: still waiting when the link in it to choose a password was about to expire, so it was given up. Give them a new password under Staff.'
    WHEN 'mailing-list-confirmation' THEN 'Not sent: still waiting when its confirmation link was about to expire, so it was given up. The address joins the mailing list only if it signs up again.'
    ELSE 'Not sent: still waiting two days after it was written, so it was given up rather than sent late. Send it again if it is still of use.' END
WHERE status = 'pending' AND attempted_on IS NULL AND kind <> 'restock-notice'
  AND created_on <= CAST(strftime('%s', 'now') AS INTEGER) * 1000 - CASE kind
    WHEN 'password-reset' THEN 45 * 60 * 1000
    WHEN 'staff-invitation' THEN 6 * 24 * 60 * 60 * 1000
    WHEN 'mailing-list-confirmation' THEN 6 * 24 * 60 * 60 * 1000
    ELSE 2 * 24 * 60 * 60 * 1000 END;
