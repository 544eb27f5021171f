package dev.videoautomation.scrape.lookup;

import java.util.Locale;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.scrape.provider.ScrapeProvider;

/**
 * Does a handle exist (docs/internal-api.md §3.9)? {@code exists: false} only when the provider itself says so: a
 * 404 carrying the provider's JSON error body, or a 2xx whose envelope says {@code success: false} or names the user
 * as null. A bare 404 (a misrouted base URL answering HTML or nothing) is a 502 upstream_error, and so is a 2xx that
 * carries no user: neither may fail an account as absent.
 */
@ApplicationScoped
public class AccountLookup {
  private final ScrapeProvider provider;

  AccountLookup(ScrapeProvider provider) {
    this.provider = provider;
  }

  public AccountFound lookup(String platform, String rawHandle) {
    Platforms.require(platform);
    var handle = normalise(rawHandle);
    var shortvideo = Platforms.SHORTVIDEO.equals(platform);
    JsonNode data;
    try {
      data = provider.fetch(shortvideo ? "shortvideo/profile" : "photo/profile", Map.of("handle", handle));
    } catch (ApiException e) {
      if (e.error().getError().equals(ErrorCode.NOT_FOUND.code())) {
        return AccountFound.absent(platform, handle);
      }
      throw e;
    }
    var user = shortvideo ? data.path("user") : data.path("data").path("user");
    if (user.isObject() && !user.isEmpty()) {
      return shortvideo ? tiktok(platform, handle, data, user) : instagram(platform, handle, user);
    }
    if (data.path("success").isBoolean() && !data.path("success").asBoolean() || user.isNull()) {
      return AccountFound.absent(platform, handle);
    }
    throw new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR, "The provider's answer named no account, and did "
        + "not say the account is absent.").withSetup("Retry later; if it persists, the operator should check "
        + "SCRAPE_PROVIDER_BASE_URL and scrape.routes.\"" + platform + "/profile\"."));
  }

  static String normalise(String raw) {
    var handle = raw == null ? "" : raw.strip();
    while (handle.startsWith("@")) {
      handle = handle.substring(1);
    }
    if (handle.isBlank()) {
      throw ApiException.invalidField("handle", "is required");
    }
    return handle.toLowerCase(Locale.ROOT);
  }

  private static AccountFound tiktok(String platform, String handle, JsonNode data, JsonNode user) {
    var name = text(user, "uniqueId", handle).toLowerCase(Locale.ROOT);
    var followers = data.path("stats").path("followerCount");
    return new AccountFound(true, platform, name, text(user, "nickname", null),
        followers.isNumber() ? followers.asLong() : null, "https://www.tiktok.com/@" + name,
        text(user, "avatarLarger", text(user, "avatarMedium", text(user, "avatarThumb", null))));
  }

  private static AccountFound instagram(String platform, String handle, JsonNode user) {
    var name = text(user, "username", handle).toLowerCase(Locale.ROOT);
    var followers = user.path("edge_followed_by").path("count");
    if (!followers.isNumber()) {
      followers = user.path("follower_count");
    }
    return new AccountFound(true, platform, name, text(user, "full_name", null),
        followers.isNumber() ? followers.asLong() : null, "https://www.instagram.com/" + name + "/",
        text(user, "profile_pic_url_hd", text(user, "profile_pic_url", null)));
  }

  private static String text(JsonNode node, String field, String fallback) {
    var value = node.path(field);
    return value.isTextual() && !value.asText().isBlank() ? value.asText() : fallback;
  }
}
