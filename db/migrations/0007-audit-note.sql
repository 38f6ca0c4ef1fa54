-- 0007-audit-note.sql: why a change was made, kept with it in the audit log.  Never edit once
-- shipped.

-- What the person making the change said of it (a correction's reason: "wrong discarder");
-- NULL when nothing was said.
ALTER TABLE audit ADD COLUMN note TEXT;
