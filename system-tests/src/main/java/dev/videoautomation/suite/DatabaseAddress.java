package dev.videoautomation.suite;

/** How the services reach the suite's one PostgreSQL database. */
public record DatabaseAddress(String jdbcUrl, String username, String password) {
}
