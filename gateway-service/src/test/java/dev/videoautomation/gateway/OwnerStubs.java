package dev.videoautomation.gateway;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import com.github.tomakehurst.wiremock.WireMockServer;

import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.keys.ApiKeys;
import dev.videoautomation.platform.limits.LimitBucket;

/** Auth's verify and billing's entitlements as WireMock answers, so gateway tests can hold real-looking keys. */
public final class OwnerStubs {
  private final WireMockServer owner;

  public OwnerStubs(WireMockServer owner) {
    this.owner = owner;
  }

  /** A key, its client and key id, as a test holds them. */
  public record Holder(String key, String clientId, String keyId) {
  }

  /** A new live key that auth says is active with both scopes, for a client with an active subscription. */
  public Holder subscribed() {
    return subscribed(Map.of());
  }

  /** As {@link #subscribed()}, with some buckets' limits changed. */
  public Holder subscribed(Map<LimitBucket, Integer> limitOverrides) {
    var holder = key("active", List.of("api.read", "api.write"), ApiKeys.Kind.LIVE);
    entitlement(holder.clientId(), true, limitOverrides);
    return holder;
  }

  /** A live key of a client without a subscription. */
  public Holder unsubscribed() {
    var holder = key("active", List.of("api.read", "api.write"), ApiKeys.Kind.LIVE);
    entitlement(holder.clientId(), false, Map.of());
    return holder;
  }

  /** An anonymous key (api.read only). */
  public Holder anonymous() {
    var holder = key("active", List.of("api.read"), ApiKeys.Kind.ANONYMOUS);
    entitlement(holder.clientId(), false, Map.of());
    return holder;
  }

  /** A key auth answers with this status and scopes. */
  public Holder key(String status, List<String> scopes, ApiKeys.Kind kind) {
    var holder = new Holder(ApiKeys.newKey(kind), Ids.newId(IdPrefix.CLI), Ids.newId(IdPrefix.KEY));
    answerVerify(holder, status, scopes);
    return holder;
  }

  /** Makes auth answer {@code status} for this key from now on. */
  public void answerVerify(Holder holder, String status, List<String> scopes) {
    var known = !"unknown".equals(status);
    owner.stubFor(post(urlEqualTo("/internal/verify"))
        .withRequestBody(matchingJsonPath("$.keyHash", equalTo(ApiKeys.hash(holder.key()))))
        .willReturn(json("{\"status\":\"" + status + "\",\"clientId\":" + quoted(known ? holder.clientId() : null)
            + ",\"keyId\":" + quoted(known ? holder.keyId() : null) + ",\"scopes\":["
            + scopes.stream().map(s -> "\"" + s + "\"").collect(Collectors.joining(",")) + "],\"expiresAt\":null}")));
  }

  /**
   * A new sub-key of {@code parent}'s client (docs/internal-api.md §3.19.1) that auth answers with this status, its
   * buckets (null: every bucket), its own daily caps and expiry; it shares the parent's entitlement.
   */
  public Holder subKey(Holder parent, String status, List<String> buckets, Map<String, Integer> dailyUnits,
      Long expiresAt) {
    var holder = new Holder(ApiKeys.newKey(ApiKeys.Kind.LIVE), parent.clientId(), Ids.newId(IdPrefix.KEY));
    answerSubKey(holder, parent, status, buckets, dailyUnits, expiresAt);
    return holder;
  }

  /** Makes auth answer this sub-key with these caps from now on. */
  public void answerSubKey(Holder holder, Holder parent, String status, List<String> buckets,
      Map<String, Integer> dailyUnits, Long expiresAt) {
    owner.stubFor(post(urlEqualTo("/internal/verify"))
        .withRequestBody(matchingJsonPath("$.keyHash", equalTo(ApiKeys.hash(holder.key()))))
        .willReturn(json("{\"status\":\"" + status + "\",\"clientId\":\"" + holder.clientId() + "\",\"keyId\":\""
            + holder.keyId() + "\",\"scopes\":" + ("active".equals(status) ? "[\"api.read\",\"api.write\"]" : "[]")
            + ",\"expiresAt\":" + expiresAt + ",\"subKey\":true,\"parentKeyId\":\"" + parent.keyId()
            + "\",\"buckets\":" + (buckets == null ? "null" : buckets.stream().map(b -> "\"" + b + "\"")
                .collect(Collectors.joining(",", "[", "]")))
            + ",\"dailyUnits\":" + dailyUnits.entrySet().stream().map(e -> "\"" + e.getKey() + "\":" + e.getValue())
                .collect(Collectors.joining(",", "{", "}")) + "}")));
  }

  public void entitlement(String clientId, boolean active, Map<LimitBucket, Integer> limitOverrides) {
    var limits = new LinkedHashMap<String, Integer>();
    if (active) {
      for (var bucket : LimitBucket.values()) {
        limits.put(bucket.bucketName(), limitOverrides.getOrDefault(bucket, bucket.defaultDailyLimit()));
      }
    }
    var limitsJson = limits.entrySet().stream().map(e -> "\"" + e.getKey() + "\":" + e.getValue())
        .collect(Collectors.joining(",", "{", "}"));
    owner.stubFor(get(urlEqualTo("/internal/entitlements/" + clientId)).willReturn(json("{\"clientId\":\""
        + clientId + "\",\"active\":" + active + ",\"plan\":" + quoted(active ? "pro" : null) + ",\"status\":\""
        + (active ? "active" : "none") + "\",\"limits\":" + limitsJson + ",\"periodEnd\":null,\"validUntil\":null}")));
  }

  private static com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder json(String body) {
    return aResponse().withStatus(200).withHeader("Content-Type", "application/json").withBody(body);
  }

  private static String quoted(String value) {
    return value == null ? "null" : "\"" + value + "\"";
  }
}
