-- Payment reconciliation (issue 12, chaos run): a charge the provider confirmed must reach the shop even when the
-- shop died before saving the provider's id, or a webhook was lost. The reconcile-payments job asks the provider
-- about open payments; reconciled_at is when it last asked, so each one is asked about at a steady pace instead
-- of on every run.
ALTER TABLE payments ADD COLUMN reconciled_at timestamptz;

CREATE INDEX payments_open ON payments (created_at) WHERE status IN ('created', 'pending', 'requires_action');

-- The sandbox provider finds the intent made for a shop payment id when the shop asks (reconciliation).
CREATE INDEX sandbox_intents_merchant_ref ON sandbox_intents (merchant_ref);
