package dev.videoautomation.gateway.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.videoautomation.platform.limits.LimitBucket;

class RouteTableTest {
  private final RouteTable table = new RouteTable();

  @ParameterizedTest(name = "{0} {1} -> {2}")
  @CsvSource({
      "GET, /.well-known/oauth-protected-resource, AUTH",
      "GET, /.well-known/oauth-authorization-server, AUTH",
      "POST, /v1/auth/agent, AUTH",
      "POST, /v1/auth/agent/claim/complete, AUTH",
      "GET, /claim/clm_abc, AUTH",
      "POST, /v1/api_keys/rotate, AUTH",
      "POST, /v1/api_keys/verify_email, AUTH",
      "POST, /v1/subscribe, BILLING",
      "GET, /checkout/cs_123, BILLING",
      "POST, /v1/billing/webhooks/stripe, BILLING",
      "POST, /v1/scrape/shortvideo/profile/videos, SCRAPE",
      "POST, /v1/scrape/ads/forum, SCRAPE",
      "POST, /v1/videos/download/photo, SCRAPE",
      "GET, /v1/videos, CLONE",
      "POST, /v1/clones/video, CLONE",
      "DELETE, /v1/clones/video/vid_1, CLONE",
      "GET, /v1/images/img_1, CLONE",
      "HEAD, /cdn/med_1/file.mp4, MEDIA",
      "PUT, /v1/check/rules, MEDIA",
      "POST, /v1/compliance/prompt, MEDIA",
      "DELETE, /v1/projects, RECORDS",
      "PUT, /v1/accounts/acc_1, RECORDS",
      "GET, /v1/usage, GATEWAY",
  })
  void shouldRouteEachPathToItsOwner(String method, String path, Owner owner) {
    assertThat(table.lookup(method, path)).isInstanceOfSatisfying(RouteTable.Found.class,
        found -> assertThat(found.route().owner()).isEqualTo(owner));
  }

  @Test
  void shouldMeterEachBucketOnTheRightRoutes() {
    assertThat(bucketOf("POST", "/v1/scrape/videosite/channel")).contains(LimitBucket.SCRAPE);
    assertThat(bucketOf("POST", "/v1/clones/check")).contains(LimitBucket.CLONE);
    assertThat(bucketOf("POST", "/v1/posts")).contains(LimitBucket.POSTS_CREATE);
    assertThat(bucketOf("POST", "/v1/upload/url")).contains(LimitBucket.UPLOAD_URL);
    assertThat(bucketOf("GET", "/v1/clones/video/vid_1")).isEmpty();
    assertThat(bucketOf("DELETE", "/v1/clones/video/vid_1")).isEmpty();
    assertThat(bucketOf("PUT", "/v1/check/rules")).isEmpty();
  }

  @Test
  void shouldApplyTheAccessRuleOfTheDesign() {
    assertThat(accessOf("GET", "/v1/accounts")).isEqualTo(Access.READ);
    assertThat(accessOf("POST", "/v1/accounts")).isEqualTo(Access.WRITE);
    assertThat(accessOf("POST", "/v1/auth/agent")).isEqualTo(Access.PUBLIC);
    assertThat(accessOf("GET", "/v1/pricing")).isEqualTo(Access.PUBLIC);
    assertThat(accessOf("POST", "/v1/subscribe")).isEqualTo(Access.OPTIONAL_KEY);
    assertThat(Access.WRITE.needsSubscription()).isTrue();
    assertThat(Access.READ.needsSubscription()).isFalse();
  }

  @Test
  void shouldAnswerUnknownPathsAndWrongMethodsDistinctly() {
    assertThat(table.lookup("GET", "/v1/nothing")).isInstanceOf(RouteTable.NotFound.class);
    assertThat(table.lookup("POST", "/v1/scrape/shortvideo/unknown")).isInstanceOf(RouteTable.NotFound.class);
    assertThat(table.lookup("GET", "/v1/watch")).isInstanceOfSatisfying(RouteTable.MethodNotAllowed.class,
        m -> assertThat(m.allowed()).containsExactly("OPTIONS", "POST"));
  }

  @Test
  void shouldMeterOnlyTheCloneOperationsThatExist() {
    for (var operation : java.util.List.of("check", "character", "frame", "video")) {
      assertThat(bucketOf("POST", "/v1/clones/" + operation)).contains(LimitBucket.CLONE);
    }
    for (var misspelt : java.util.List.of("/v1/clones/typo", "/v1/clones/VIDEO", "/v1/clones/check/extra",
        "/v1/clones")) {
      assertThat(table.lookup("POST", misspelt)).as(misspelt).isInstanceOf(RouteTable.NotFound.class);
    }
    assertThat(table.lookup("POST", "/v1/clones/video/vid_1")).isInstanceOf(RouteTable.MethodNotAllowed.class);
  }

  @Test
  void shouldMarkEveryRouteThatIssuesACredential() {
    assertThat(table.routes().stream().filter(Route::issuesCredential).map(r -> r.method() + " " + r.pattern()))
        .containsExactlyInAnyOrder("POST /v1/auth/agent/**", "POST /claim/*", "POST /v1/api_keys/rotate",
            "POST /v1/api_keys/recover", "GET /v1/credits/status");
  }

  @Test
  void shouldTakeUploadsOnlyWhereMediaFilesAreSent() {
    assertThat(table.routes().stream().filter(r -> r.body() == Body.UPLOAD).map(r -> r.method() + " " + r.pattern()))
        .containsExactly("POST /v1/upload");
  }

  @Test
  void shouldListAllTwentyFourScrapePaths() {
    assertThat(RouteTable.SCRAPE_PATHS).hasSize(24).doesNotHaveDuplicates();
  }

  private Optional<LimitBucket> bucketOf(String method, String path) {
    return ((RouteTable.Found) table.lookup(method, path)).route().bucket();
  }

  private Access accessOf(String method, String path) {
    return ((RouteTable.Found) table.lookup(method, path)).route().access();
  }
}
