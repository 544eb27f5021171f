package dev.videoautomation.auth.subkeys;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import dev.videoautomation.auth.keys.Keys;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.limits.LimitBucket;

/** What a sub-key's fields may hold; each refusal is a 400 naming the field. */
final class SubKeyRules {
  static final int MAX_NAME = 100;
  /** A billion credits, as billing bounds a budget (§3.19.2). */
  static final int MAX_BUDGET = 1_000_000_000;
  static final String MAX_BUDGET_TEXT = "1000000000";
  static final int MAX_DAILY_UNITS = 1_000_000;
  static final long MAX_EXPIRY_SECONDS = Duration.ofDays(90).toSeconds();
  static final String MAX_EXPIRY_TEXT = "7776000";

  private SubKeyRules() {
  }

  static String name(String name) {
    var trimmed = name.strip();
    if (trimmed.isEmpty() || trimmed.length() > MAX_NAME) {
      throw ApiException.invalidField("name", "must be 1 to " + MAX_NAME + " characters");
    }
    if (trimmed.chars().anyMatch(Character::isISOControl)) {
      throw ApiException.invalidField("name", "must not hold control characters");
    }
    return trimmed;
  }

  /** The scopes asked for, each a scope the caller's key holds. */
  static List<String> scopes(List<String> requested, Set<String> callers) {
    if (requested.isEmpty()) {
      throw ApiException.invalidField("scopes", "must name at least one scope (api.read, api.write); leave it out "
          + "for the scopes of the key you call with");
    }
    var scopes = new LinkedHashSet<String>();
    for (var scope : requested) {
      if (scope == null || !Keys.LIVE_SCOPES.contains(scope)) {
        throw ApiException.invalidField("scopes", "names " + scope + ", which is no scope: use api.read, api.write");
      }
      if (!callers.contains(scope)) {
        throw ApiException.invalidField("scopes", "names " + scope + ", which the key you call with does not hold: "
            + "a sub-key has at most its creator's scopes");
      }
      scopes.add(scope);
    }
    return Keys.LIVE_SCOPES.stream().filter(scopes::contains).toList();
  }

  /** Known bucket names, each once, in the order given. */
  static List<String> buckets(List<String> requested) {
    var buckets = new LinkedHashSet<String>();
    for (var bucket : requested) {
      requireBucket("buckets", bucket);
      buckets.add(bucket);
    }
    return new ArrayList<>(buckets);
  }

  static Map<String, Integer> dailyUnits(Map<String, Integer> requested) {
    var caps = new TreeMap<String, Integer>();
    for (var cap : requested.entrySet()) {
      requireBucket("dailyUnits", cap.getKey());
      if (cap.getValue() == null || cap.getValue() < 0 || cap.getValue() > MAX_DAILY_UNITS) {
        throw ApiException.invalidField("dailyUnits", "gives " + cap.getKey() + " " + cap.getValue()
            + ": each cap must be a whole number from 0 to " + MAX_DAILY_UNITS);
      }
      caps.put(cap.getKey(), cap.getValue());
    }
    return caps;
  }

  static int creditBudget(Integer budget) {
    if (budget < 0 || budget > MAX_BUDGET) {
      throw ApiException.invalidField("creditBudget", "must be a whole number of credits from 0 to " + MAX_BUDGET);
    }
    return budget;
  }

  static Instant expiry(Long seconds, Instant now) {
    if (seconds < 1 || seconds > MAX_EXPIRY_SECONDS) {
      throw ApiException.invalidField("expiresInSeconds", "must be from 1 to " + MAX_EXPIRY_SECONDS
          + " (90 days)");
    }
    return now.plusSeconds(seconds);
  }

  /** A cap on a bucket the key may not draw from is a mistake: say so rather than keep a cap that never applies. */
  static void capsWithinBuckets(List<String> buckets, Map<String, Integer> dailyUnits) {
    if (buckets == null || dailyUnits == null) {
      return;
    }
    var outside = dailyUnits.keySet().stream().filter(bucket -> !buckets.contains(bucket)).sorted()
        .collect(Collectors.joining(", "));
    if (!outside.isEmpty()) {
      throw ApiException.invalidField("dailyUnits", "caps " + outside + ", which buckets does not allow: allow the "
          + "bucket or drop its cap (send dailyUnits whole, without it)");
    }
  }

  private static void requireBucket(String field, String bucket) {
    if (bucket == null || LimitBucket.byName(bucket).isEmpty()) {
      throw ApiException.invalidField(field, "names " + bucket + ", which is no bucket: use one of "
          + java.util.Arrays.stream(LimitBucket.values()).map(LimitBucket::bucketName)
              .collect(Collectors.joining(", ")));
    }
  }
}
