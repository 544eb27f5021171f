-- The billing schema belongs to billing-service alone (design §2); Flyway creates it and records its history in it.
-- Tables arrive with the issue that builds each feature, one migration at a time.
COMMENT ON SCHEMA billing IS 'Owned by billing-service';
