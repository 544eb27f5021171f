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
