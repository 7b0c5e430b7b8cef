-- A settings document's revision: moved on by every write of the document. The admin's Settings
-- screen shows two of them (website and websiteSettings) and saves both whole; it sends the sum of
-- their revisions as it loaded them, and a save made against an older sum is refused rather than
-- writing the whole form over an edit saved meanwhile in another tab or by another member of staff.
ALTER TABLE site_settings ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;
