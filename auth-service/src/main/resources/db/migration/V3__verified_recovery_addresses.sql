-- Recovery addresses are bound unverified (a keyless checkout's email) or verified (an address a mailed code proved:
-- a completed claim, or the code mailed at checkout entered with the client's key). Recovery uses verified ones only.
-- Any number of clients may wait on an address unverified; one client at most holds it verified.
ALTER TABLE clients ADD COLUMN recovery_email_verified_at timestamptz;
-- Until now only claims bound addresses of clients without an operation id, and a claim proves the address.
UPDATE clients SET recovery_email_verified_at = created_at WHERE recovery_email IS NOT NULL AND operation_id IS NULL;
ALTER TABLE clients DROP CONSTRAINT clients_recovery_email_key;
CREATE UNIQUE INDEX clients_recovery_email_verified ON clients (recovery_email)
  WHERE recovery_email_verified_at IS NOT NULL;
CREATE INDEX clients_recovery_email ON clients (recovery_email) WHERE recovery_email IS NOT NULL;

-- 'recovery_email': the code that verifies a checkout's address. Recovery codes name no client from now on (the
-- address's verified holder is looked up when the code is used), and a recovery request stores one whether or not a
-- client holds the address (mailed only if one does), so both answers cost the same work and their timing says
-- nothing about the address.
ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_purpose_check;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_purpose_check
  CHECK (purpose IN ('claim', 'recovery', 'recovery_email'));
ALTER TABLE one_time_codes ALTER COLUMN client_id DROP NOT NULL;
CREATE INDEX one_time_codes_client ON one_time_codes (client_id, purpose, created_at DESC);
