ALTER TABLE "order_events" ADD COLUMN "followed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tenant_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_to_follow_idx" ON "order_events" USING btree ("at") WHERE "order_events"."followed_at" is null;--> statement-breakpoint
-- One move, one event (DESIGN.md, decision 034): every history line that moves an order or one
-- shop's part writes its event in the same statement, so no code path can move without one.
-- A line that moves nothing (a refund flagged or settled) is not an event.
CREATE OR REPLACE FUNCTION soko_order_event_of_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.from_status IS NOT DISTINCT FROM NEW.to_status THEN
    RETURN NULL;
  END IF;
  INSERT INTO order_events (order_id, part_id, shop_id, kind, actor, actor_user_id, data, at)
  VALUES (
    NEW.order_id,
    NEW.part_id,
    CASE WHEN NEW.part_id IS NULL THEN NULL
         ELSE (SELECT shop_id FROM order_parts WHERE id = NEW.part_id) END,
    CASE WHEN NEW.part_id IS NOT NULL THEN 'part.' || NEW.to_status
         WHEN NEW.from_status IS NULL THEN 'order.placed'
         ELSE 'order.' || NEW.to_status END,
    NEW.actor,
    NEW.actor_user_id,
    jsonb_strip_nulls(jsonb_build_object('from', NEW.from_status, 'note', NEW.note)),
    NEW.at);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER order_status_changes_event AFTER INSERT ON order_status_changes
  FOR EACH ROW EXECUTE FUNCTION soko_order_event_of_move();
