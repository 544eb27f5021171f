-- The scrape schema belongs to scrape-service alone (design §2); Flyway creates it and records its history in it.
-- Tables arrive with the issue that builds each feature, one migration at a time.
COMMENT ON SCHEMA scrape IS 'Owned by scrape-service';
