package dev.videoautomation.records.campaigns;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.logging.Log;

import dev.videoautomation.platform.calls.CreditsCalls;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.spending.BillingOperation;

/**
 * {@code estimatedCredits} of a campaign config, priced with billing's price list (the same rule billing charges
 * by). The config vocabulary that is priced:
 * <ul>
 *   <li>{@code videoCount} → {@code clone.render} × n</li>
 *   <li>{@code imageCount} → {@code image.generate} × n, at {@code imageResolution} (1K, 2K, 4K; billing's default
 *       when absent)</li>
 *   <li>{@code musicCount} → {@code music.generate} × n</li>
 *   <li>{@code accountCount} → {@code account.create} × n</li>
 * </ul>
 * Counts are whole numbers from 0 to 100000. Every other key is kept as given and not priced.
 */
@ApplicationScoped
public class CampaignEstimates {
  static final Map<String, String> PRICED = pricedKeys();
  static final int MAX_COUNT = 100_000;

  private final CreditsCalls credits;

  public CampaignEstimates(CreditsCalls credits) {
    this.credits = credits;
  }

  private static Map<String, String> pricedKeys() {
    var keys = new LinkedHashMap<String, String>();
    keys.put("videoCount", BillingOperation.CLONE_RENDER.operationName());
    keys.put("imageCount", BillingOperation.IMAGE_GENERATE.operationName());
    keys.put("musicCount", BillingOperation.MUSIC_GENERATE.operationName());
    keys.put("accountCount", BillingOperation.ACCOUNT_CREATE.operationName());
    return keys;
  }

  /** Checks the priced keys of {@code config} and prices them; no call to billing when nothing is counted. */
  public int estimate(Map<String, Object> config) {
    var counts = new LinkedHashMap<String, Integer>();
    for (var key : PRICED.keySet()) {
      var count = count(config, key);
      if (count > 0) {
        counts.put(key, count);
      }
    }
    var resolution = config.get("imageResolution");
    if (resolution != null && !(resolution instanceof String)) {
      throw ApiException.invalidField("config.imageResolution", "must be a string such as 1K, 2K or 4K");
    }
    if (counts.isEmpty()) {
      return 0;
    }
    var prices = credits.prices();
    var total = 0;
    for (var entry : counts.entrySet()) {
      var operation = PRICED.get(entry.getKey());
      var priced = prices.operation(operation);
      if (priced.isEmpty()) {
        Log.warnf("Billing's price list has no %s; config.%s is not priced", operation, entry.getKey());
        continue;
      }
      Map<String, String> attributes = resolution == null ? Map.of() : Map.of("resolution", (String) resolution);
      total = Math.addExact(total, priced.get().cost(attributes, entry.getValue()));
    }
    return total;
  }

  private static int count(Map<String, Object> config, String key) {
    var value = config.get(key);
    if (value == null) {
      return 0;
    }
    if (value instanceof Number number && number.doubleValue() == Math.rint(number.doubleValue())
        && number.doubleValue() >= 0 && number.doubleValue() <= MAX_COUNT) {
      return number.intValue();
    }
    throw ApiException.invalidField("config." + key, "must be a whole number from 0 to " + MAX_COUNT);
  }
}
