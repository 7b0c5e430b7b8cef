-- Limits every process on this database file shares, so N processes allow one budget:
-- the rate limiter's counters, the captcha's redeemed tokens and answers per challenge,
-- and failed sign-ins per account and address. Rows past their expiry are swept as new ones come.

-- one fixed window per key ('<call>:<client>'): hits so far and when the window ends
CREATE TABLE rate_limit_counters (
  key TEXT PRIMARY KEY,
  hits INTEGER NOT NULL,
  reset_on INTEGER NOT NULL
);
CREATE INDEX rate_limit_counters_by_reset ON rate_limit_counters(reset_on);

-- a captcha token works once: its nonce is kept until the token would have expired anyway
CREATE TABLE captcha_redeemed_tokens (
  nonce TEXT PRIMARY KEY,
  expires_on INTEGER NOT NULL
);
CREATE INDEX captcha_redeemed_tokens_by_expiry ON captcha_redeemed_tokens(expires_on);

-- answers given to one challenge, until the challenge expires
CREATE TABLE captcha_answer_attempts (
  challenge_nonce TEXT PRIMARY KEY,
  attempts INTEGER NOT NULL,
  expires_on INTEGER NOT NULL
);
CREATE INDEX captcha_answer_attempts_by_expiry ON captcha_answer_attempts(expires_on);

-- failed sign-ins of one account (lower-case email) from one client address, and until when
-- that pair must wait before its next attempt
CREATE TABLE sign_in_failures (
  account TEXT NOT NULL,
  address TEXT NOT NULL,
  failures INTEGER NOT NULL,
  last_failure_on INTEGER NOT NULL,
  blocked_until INTEGER NOT NULL,
  PRIMARY KEY (account, address)
);
CREATE INDEX sign_in_failures_by_last_failure ON sign_in_failures(last_failure_on);
