package dev.videoautomation.gateway.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.stream.Collectors;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.videoautomation.gateway.OpenApiSnapshot;

/**
 * The request timers' {@code uri} tags worked out per route (issue 34): the paths as the API document writes them, so
 * the series the dashboard reads keep their values, and none holds a request's own id.
 */
class UriTagsTest {
  /** The document lists each payment provider's webhook path (/v1/billing/webhooks/stripe) rather than a template. */
  private static final String PROVIDER_WEBHOOKS = "/v1/billing/webhooks/{provider}";
  private static ObjectNode document;
  private final RouteTable routes = new RouteTable();

  @BeforeAll
  static void readSnapshot() throws IOException {
    document = OpenApiSnapshot.read(new ObjectMapper());
  }

  @Test
  void shouldTagEveryRouteWithOneSegmentParametersAsTheDocumentWritesItsPath() {
    var untagged = new ArrayList<String>();
    for (var route : routes.routes()) {
      var tag = routes.uriTag(route);
      if (route.pattern().endsWith("/**")) {
        continue;
      }
      assertThat(tag).as(route.pattern()).doesNotContain("*");
      if (route.access() != Access.SERVICE && route.pattern().contains("*") && !document.path("paths").has(tag)
          && !tag.equals(PROVIDER_WEBHOOKS)) {
        untagged.add(route.method() + " " + route.pattern() + " -> " + tag);
      }
    }
    assertThat(untagged).as("parameterized routes whose tag is no path of the document").isEmpty();
  }

  @Test
  void shouldKeepTheValuesTheDashboardAndTheTestsRead() {
    var tags = routes.routes().stream().map(routes::uriTag).filter(tag -> tag != null).collect(Collectors.toSet());
    assertThat(tags).contains("/v1/videos", "/v1/clones/video/{id}", "/v1/jobs/{id}", "/v1/jobs/{id}/events",
        "/v1/webhooks/deliveries/{deliveryId}/redeliver", "/v1/videos/download/{platform}", "/cdn/{key}",
        "/claim/{claimToken}", "/checkout/{sessionId}", "/internal/usage/keys/{clientId}");
  }

  @Test
  void shouldLeaveTheRequestsOwnPathUnderOtherPrefixes() {
    assertThat(UriTags.of("/.well-known/**")).isNull();
    assertThat(UriTags.of("/v1/auth/agent/**")).isNull();
    assertThat(UriTags.of("/cdn/**")).isEqualTo("/cdn/{key}");
    assertThat(UriTags.of("/v1/webhooks/*/rotate_secret")).isEqualTo("/v1/webhooks/{id}/rotate_secret");
  }
}
