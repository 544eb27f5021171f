-- Answers that issue a credential (a key, shown once) are never stored for an Idempotency-Key replay: the row of
-- such a request records only that a credential was issued, and a repeat is refused with credential_issued.
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_state_check;
ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_state_check
  CHECK (state IN ('in_flight', 'completed', 'credential_issued'));
ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_issued_holds_no_answer
  CHECK (state <> 'credential_issued' OR (headers IS NULL AND body IS NULL));

-- Rotations stored before this release held the new key in plaintext: forget the answer, keep that it was issued.
UPDATE idempotency_keys SET state = 'credential_issued', headers = NULL, body = NULL
WHERE state = 'completed' AND position(convert_to('"credential":"svc_', 'UTF8') IN body) > 0;
