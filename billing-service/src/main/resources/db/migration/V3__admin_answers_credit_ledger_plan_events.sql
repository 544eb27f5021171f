-- An operator command's first answer, returned again to a retry with the same operationId (docs/internal-api.md §3.5),
-- byte for byte (JSON text), and the reason the operator gave.
ALTER TABLE admin_operations ADD COLUMN response text;
ALTER TABLE admin_operations ADD COLUMN reason text;

-- Credits (design §7, docs/internal-api.md §3.4): an append-only ledger and one balance row per client. Only grants
-- are written today (an operator's subscription grant gives the plan's monthly credits); charge and refund arrive
-- with the credits issue and use the same tables: one entry per (operationId, kind), the balance changed by one
-- conditional statement and never below zero.
CREATE TABLE credit_balances (
  client_id   text PRIMARY KEY,
  balance     integer NOT NULL CHECK (balance >= 0),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE credit_ledger (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id     text    NOT NULL,
  kind          text    NOT NULL CHECK (kind IN ('grant', 'charge', 'refund', 'adjustment')),
  operation_id  text    NOT NULL,
  operation     text,
  quantity      integer,
  attributes    jsonb,
  credits       integer NOT NULL,
  balance_after integer NOT NULL CHECK (balance_after >= 0),
  reason        text,
  actor         text    NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (operation_id, kind)
);
CREATE INDEX credit_ledger_by_client ON credit_ledger (client_id, id DESC);

-- Plan data changed (limits, price, grant): every cached entitlement is stale. clientId null means "flush them all"
-- (docs/internal-api.md §2). A trigger, so that a migration or an operator's SQL announces it too, inside its own
-- transaction and so only on commit.
CREATE FUNCTION announce_plan_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('entitlement_events', json_build_object('v', 1, 'event', 'entitlement.changed',
      'clientId', NULL, 'at', (extract(epoch FROM clock_timestamp()) * 1000)::bigint)::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER plans_changed AFTER INSERT OR UPDATE OR DELETE ON plans
  FOR EACH STATEMENT EXECUTE FUNCTION announce_plan_change();
