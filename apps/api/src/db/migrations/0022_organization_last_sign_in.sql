ALTER TABLE "organizations" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "organizations_last_sign_in_desc_idx" ON "organizations" USING btree ("last_sign_in_at" DESC NULLS LAST,"name","id");--> statement-breakpoint
CREATE INDEX "organizations_last_sign_in_idx" ON "organizations" USING btree ("last_sign_in_at","name","id");--> statement-breakpoint
-- Hand-written (ADR 0076): fill the copy for existing rows, then keep it right with triggers.
UPDATE "organizations" SET "last_sign_in_at" = newest.at FROM (SELECT organization_id, max(last_sign_in_at) AS at FROM "users" WHERE organization_id IS NOT NULL GROUP BY organization_id) newest WHERE "organizations"."id" = newest.organization_id;
--> statement-breakpoint
-- The organisation's newest sign-in is asked again from its users (users_organization_id_idx:
-- an organisation has a handful) for the organisation a user left and the one it is in, after a
-- sign-in, a move, a reset (retention) or a deletion. The row is written only when the value
-- changes, so a sign-in writes at most one organisation row.
CREATE FUNCTION organizations_last_sign_in_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE organizations o SET last_sign_in_at = newest.at
  FROM (
    SELECT changed.id, (SELECT max(u.last_sign_in_at) FROM users u WHERE u.organization_id = changed.id) AS at
    FROM (SELECT CASE WHEN TG_OP <> 'INSERT' THEN OLD.organization_id END AS id
          UNION SELECT CASE WHEN TG_OP <> 'DELETE' THEN NEW.organization_id END) changed
    WHERE changed.id IS NOT NULL
  ) newest
  WHERE o.id = newest.id AND o.last_sign_in_at IS DISTINCT FROM newest.at;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER organizations_last_sign_in_inserted AFTER INSERT ON users
  FOR EACH ROW WHEN (NEW.last_sign_in_at IS NOT NULL AND NEW.organization_id IS NOT NULL)
  EXECUTE FUNCTION organizations_last_sign_in_changed();
--> statement-breakpoint
CREATE TRIGGER organizations_last_sign_in_updated AFTER UPDATE OF last_sign_in_at, organization_id ON users
  FOR EACH ROW WHEN (OLD.last_sign_in_at IS DISTINCT FROM NEW.last_sign_in_at OR OLD.organization_id IS DISTINCT FROM NEW.organization_id)
  EXECUTE FUNCTION organizations_last_sign_in_changed();
--> statement-breakpoint
CREATE TRIGGER organizations_last_sign_in_deleted AFTER DELETE ON users
  FOR EACH ROW WHEN (OLD.last_sign_in_at IS NOT NULL AND OLD.organization_id IS NOT NULL)
  EXECUTE FUNCTION organizations_last_sign_in_changed();
