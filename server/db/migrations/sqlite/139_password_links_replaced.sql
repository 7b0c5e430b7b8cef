-- A link to choose a password that a newer one replaced is kept, unusable, until its own expiry,
-- so its page can say a newer link was sent instead of calling it used or expired. NULL: the
-- account's current link.
ALTER TABLE password_resets ADD COLUMN replaced_on INTEGER;
