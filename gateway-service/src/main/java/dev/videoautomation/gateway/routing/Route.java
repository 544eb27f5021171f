package dev.videoautomation.gateway.routing;

import java.util.List;
import java.util.Optional;

import dev.videoautomation.platform.limits.LimitBucket;

/**
 * One row of the route table: a method on a path pattern, its owner, what it asks of the caller and the daily bucket
 * it draws from. Patterns are literal segments, {@code *} for exactly one segment, and a trailing {@code **} for
 * the prefix itself and anything below it.
 */
public record Route(String method, String pattern, Owner owner, Access access, Optional<LimitBucket> bucket) {

  public List<String> segments() {
    return PathPattern.segments(pattern);
  }

  public boolean metered() {
    return bucket.isPresent();
  }
}
