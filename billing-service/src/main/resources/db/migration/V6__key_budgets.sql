-- Spend per API key (issue 32, docs/internal-api.md §3.19.2). A row per key that has a budget or has ever been
-- charged: credit_budget null means no budget (the spend is still counted, for GET /v1/api_keys). The charge takes
-- credits_spent and the client's balance in one statement, refusing when either would overrun, so a budget is exact
-- under any concurrency. A budget may be lowered below what was already spent: the key then has nothing left.
CREATE TABLE key_budgets (
  key_id         text PRIMARY KEY,
  client_id      text    NOT NULL,
  credit_budget  integer CHECK (credit_budget >= 0),
  credits_spent  integer NOT NULL DEFAULT 0 CHECK (credits_spent >= 0),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX key_budgets_by_client ON key_budgets (client_id, key_id);

-- The key a charge was made with, so its refund gives the key's budget back too; null for a charge without a key
-- (a service's own) and for grants.
ALTER TABLE credit_ledger ADD COLUMN key_id text;
