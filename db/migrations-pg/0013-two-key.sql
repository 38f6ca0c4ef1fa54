-- 0013-two-key.sql: two-key entry (as db/migrations/0013-two-key.sql): the tournament's
-- choice, and per hand who confirmed which version and when, the confirmation of a version
-- the hand has left refused by the database.  The audit log's triggers of both tables log the
-- new columns.  Never edit once shipped.

ALTER TABLE tournaments ADD COLUMN two_key bigint NOT NULL DEFAULT 0 CHECK (two_key IN (0, 1));

ALTER TABLE hands ADD COLUMN confirmed_by text CHECK (confirmed_by IS NULL OR length (confirmed_by) > 0);
ALTER TABLE hands ADD COLUMN confirmed_at text;
ALTER TABLE hands ADD COLUMN confirmed_version bigint
  CHECK ((confirmed_version IS NULL) = (confirmed_by IS NULL)
         AND (confirmed_version IS NULL) = (confirmed_at IS NULL)
         AND (confirmed_version IS NULL OR confirmed_version = version));

DROP TRIGGER audit_tournaments ON tournaments;
CREATE TRIGGER audit_tournaments AFTER INSERT OR UPDATE OR DELETE ON tournaments
  FOR EACH ROW EXECUTE FUNCTION sp_audit ('name', 'ruleset', 'profile', 'options',
    'n_sessions', 'seating', 'ranking', 'base', 'per_tai', 'plan_seed', 'venue', 'starts_on',
    'ends_on', 'hide_standings', 'two_key');
DROP TRIGGER audit_hands ON hands;
CREATE TRIGGER audit_hands AFTER INSERT OR UPDATE OR DELETE ON hands
  FOR EACH ROW EXECUTE FUNCTION sp_audit ('session_id', 'table_number', 'number', 'winner',
    'discarder', 'draw', 'notation', 'situation', 'items', 'total', 's0', 's1', 's2', 's3',
    'entered_by', 'riichi', 'tenpai', 'chombo', 'sticks', 'han', 'fu', 'yakuman', 'also_won',
    'confirmed_by', 'confirmed_version');
