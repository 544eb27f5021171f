package dev.videoautomation.suite;

import java.nio.file.Path;

/**
 * {@code scripts/operator-token.sh}: prints a two-minute internal token for {@code service:operator}, signed with the
 * local run's suite key, for billing's admin API (docs/internal-api.md §3.5; the admin API also wants the
 * {@code X-Operator-Token} secret).
 */
public final class OperatorToken {
  private OperatorToken() {
  }

  public static void main(String[] args) {
    var keys = Path.of(args.length > 0 ? args[0] : ".data/keys");
    System.out.println(Suite.internalToken(keys, "service:operator"));
  }
}
