package dev.videoautomation.gateway.proxy.spending;

import dev.videoautomation.gateway.proxy.Exchange;
import dev.videoautomation.gateway.routing.Route;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;

/**
 * The {@code dryRun} query parameter (issue 32): {@code true} rehearses an operation of platform's spending table,
 * {@code false} or none makes the real call. Anything else is refused before the call is admitted, and so is a dry
 * run of an operation that spends nothing, so that no agent ever makes a real call believing it a rehearsal.
 */
public final class DryRunQuery {
  public static final String PARAMETER = "dryRun";

  private DryRunQuery() {
  }

  /**
   * Whether {@code request} to {@code route} is a dry run; fails with 400 {@code invalid_request} naming
   * {@code dryRun} for a value other than one {@code true} or {@code false}, or for {@code true} on an operation
   * that spends nothing. Most requests carry no query, or one without the name: they are told apart without
   * decoding it (a name may be percent-encoded, so a query with a {@code %} is decoded).
   */
  public static boolean requested(Exchange request, Route route) {
    var query = request.query();
    if (query == null || !namesIt(query) && query.indexOf('%') < 0) {
      return false;
    }
    java.util.List<String> values;
    try {
      values = request.params().getAll(PARAMETER);
    } catch (IllegalArgumentException undecodable) {
      if (!namesIt(query)) {
        return false; // the owner judges a query it cannot decode; it holds no dryRun the gateway could miss
      }
      throw new ApiException(ApiError.invalidField(PARAMETER, "cannot be read: the query string is not valid "
          + "percent-encoding (RFC 3986 §2.1)"));
    }
    if (values.isEmpty()) {
      return false;
    }
    if (values.size() != 1 || !values.getFirst().equals("true") && !values.getFirst().equals("false")) {
      throw new ApiException(ApiError.invalidField(PARAMETER, "must be true or false, given once (true rehearses "
          + "the call: it is judged and priced, and nothing is spent)"));
    }
    if (values.getFirst().equals("false")) {
      return false;
    }
    if (route.spending().isEmpty()) {
      throw new ApiException(ApiError.invalidField(PARAMETER, "cannot be true on " + route.method() + " "
          + route.pattern().replace("*", "{id}") + ": it spends nothing and takes no dry run. Call it without "
          + PARAMETER + "; the operations that take one declare the parameter in /v1/openapi.json"));
    }
    return true;
  }

  /**
   * Whether {@code query} holds the name in any case: Vert.x reads query parameters case-insensitively, here and in
   * the owners ({@code DryRuns.requested}), so {@code dryrun=true} must not pass here as a real call that the owner
   * then takes as a dry run. Without allocating, as most keyed requests pass here.
   */
  private static boolean namesIt(String query) {
    for (int i = 0; i + PARAMETER.length() <= query.length(); i++) {
      if (query.regionMatches(true, i, PARAMETER, 0, PARAMETER.length())) {
        return true;
      }
    }
    return false;
  }
}
