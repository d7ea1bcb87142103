-- The team tree (server/services/team.ts): every member's upline chain as a closure table, one row
-- per (ancestor, descendant) pair with the distance between them, the member itself at depth 0.
-- An agent's team at any depth is one index range (ancestor_id = agent, depth > 0), however deep
-- or wide the tree; a member's uplines are one range of the second index. A trigger keeps it: a
-- new member inherits its upline's chain; a member moved to another upline takes its subtree along.
CREATE TABLE member_tree (
  ancestor_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  descendant_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  depth integer NOT NULL CHECK (depth >= 0),
  PRIMARY KEY (ancestor_id, depth, descendant_id)
);
CREATE UNIQUE INDEX member_tree_descendant_idx ON member_tree (descendant_id, ancestor_id);

CREATE FUNCTION member_tree_on_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO member_tree (ancestor_id, descendant_id, depth) VALUES (NEW.id, NEW.id, 0);
  IF NEW.upline_id IS NOT NULL THEN
    INSERT INTO member_tree (ancestor_id, descendant_id, depth)
    SELECT t.ancestor_id, NEW.id, t.depth + 1 FROM member_tree t WHERE t.descendant_id = NEW.upline_id;
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;

CREATE FUNCTION member_tree_on_move() RETURNS trigger AS $$
BEGIN
  IF NEW.upline_id IS NOT NULL AND EXISTS (SELECT 1 FROM member_tree WHERE ancestor_id = NEW.id AND descendant_id = NEW.upline_id) THEN
    RAISE EXCEPTION 'member % cannot move under its own team member %', NEW.id, NEW.upline_id;
  END IF;
  -- Links from the member's old uplines to every member of its subtree go ...
  DELETE FROM member_tree t
  USING member_tree up, member_tree sub
  WHERE up.descendant_id = NEW.id AND up.depth > 0
    AND sub.ancestor_id = NEW.id
    AND t.ancestor_id = up.ancestor_id AND t.descendant_id = sub.descendant_id;
  -- ... and links from the new upline's chain come.
  IF NEW.upline_id IS NOT NULL THEN
    INSERT INTO member_tree (ancestor_id, descendant_id, depth)
    SELECT up.ancestor_id, sub.descendant_id, up.depth + sub.depth + 1
    FROM member_tree up, member_tree sub
    WHERE up.descendant_id = NEW.upline_id AND sub.ancestor_id = NEW.id;
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER members_tree_insert AFTER INSERT ON members FOR EACH ROW EXECUTE FUNCTION member_tree_on_insert();
CREATE TRIGGER members_tree_move AFTER UPDATE OF upline_id ON members FOR EACH ROW
  WHEN (OLD.upline_id IS DISTINCT FROM NEW.upline_id) EXECUTE FUNCTION member_tree_on_move();

-- The members already there, from their upline chains (UNION stops at a loop in old data).
INSERT INTO member_tree (ancestor_id, descendant_id, depth)
WITH RECURSIVE chain (ancestor_id, descendant_id, depth) AS (
  SELECT id, id, 0 FROM members
  UNION
  SELECT m.upline_id, c.descendant_id, c.depth + 1
  FROM chain c JOIN members m ON m.id = c.ancestor_id
  WHERE m.upline_id IS NOT NULL AND c.depth < 1000
)
SELECT DISTINCT ON (ancestor_id, descendant_id) ancestor_id, descendant_id, depth FROM chain ORDER BY ancestor_id, descendant_id, depth;
