package dev.videoautomation.platform.spending;

import java.util.Arrays;
import java.util.Optional;

/**
 * The names of billing's credit-charging operations, as owners send them in a charge and billing's price list keys
 * them (docs/internal-api.md §3.4). Only the names live here: what each costs is billing's data ({@code
 * operation_prices}), so a price changes without a release of any other service.
 */
public enum BillingOperation {
  IMAGE_GENERATE("image.generate"),
  CLONE_RENDER("clone.render"),
  MUSIC_GENERATE("music.generate"),
  ACCOUNT_CREATE("account.create");

  private final String operationName;

  BillingOperation(String operationName) {
    this.operationName = operationName;
  }

  /** The name on the wire, e.g. {@code image.generate}. */
  public String operationName() {
    return operationName;
  }

  public static Optional<BillingOperation> byName(String name) {
    return Arrays.stream(values()).filter(o -> o.operationName.equals(name)).findFirst();
  }
}
