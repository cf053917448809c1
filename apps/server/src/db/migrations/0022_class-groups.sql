-- Every active class has its conversation group (docs/product.md, "Messages"). The group row is made with the
-- class, by trigger, whatever makes or reactivates it (the classes page, an import, the demo seed), instead of
-- being looked for and made on every read of a member's conversation list: that check cost each list read a
-- statement and a round trip. A group with no message yet sorts by its class's creation. Idempotent on the
-- one-group-per-class index, so a class that already has its group (reactivated, say) keeps it.
CREATE OR REPLACE FUNCTION lyceum_class_group_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO chat_groups (school_id, id, kind, class_id, last_activity_at)
  VALUES (NEW.school_id, gen_random_uuid(), 'class', NEW.id, NEW.created_at)
  ON CONFLICT (school_id, class_id) WHERE kind = 'class' DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER classes_group_insert AFTER INSERT ON classes
  FOR EACH ROW WHEN (NEW.is_active) EXECUTE FUNCTION lyceum_class_group_trigger();
--> statement-breakpoint
CREATE TRIGGER classes_group_reactivate AFTER UPDATE OF is_active ON classes
  FOR EACH ROW WHEN (NEW.is_active AND NOT OLD.is_active) EXECUTE FUNCTION lyceum_class_group_trigger();
--> statement-breakpoint
-- The active classes nobody has opened Messages for yet.
INSERT INTO chat_groups (school_id, id, kind, class_id, last_activity_at)
SELECT c.school_id, gen_random_uuid(), 'class', c.id, c.created_at FROM classes c WHERE c.is_active
ON CONFLICT (school_id, class_id) WHERE kind = 'class' DO NOTHING;
