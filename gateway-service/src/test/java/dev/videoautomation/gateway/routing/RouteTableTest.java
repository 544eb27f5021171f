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
      "POST, /v1/api_keys/revoke_leaked, AUTH",
      "POST, /v1/api_keys, AUTH",
      "GET, /v1/api_keys, AUTH",
      "GET, /v1/api_keys/key_1, AUTH",
      "PUT, /v1/api_keys/key_1, AUTH",
      "DELETE, /v1/api_keys/key_1, AUTH",
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
    // Whoever found a leaked key reports it without a key of their own.
    assertThat(accessOf("POST", "/v1/api_keys/revoke_leaked")).isEqualTo(Access.PUBLIC);
    assertThat(accessOf("GET", "/v1/pricing")).isEqualTo(Access.PUBLIC);
    assertThat(accessOf("POST", "/v1/subscribe")).isEqualTo(Access.OPTIONAL_KEY);
    assertThat(Access.WRITE.needsSubscription()).isTrue();
    assertThat(Access.READ.needsSubscription()).isFalse();
  }

  @Test
  void shouldAskKeyManagementOfEveryMethodOnTheClientsKeys() {
    for (var request : new String[][] {{"POST", "/v1/api_keys"}, {"GET", "/v1/api_keys"},
        {"GET", "/v1/api_keys/key_1"}, {"PUT", "/v1/api_keys/key_1"}, {"DELETE", "/v1/api_keys/key_1"}}) {
      assertThat(accessOf(request[0], request[1])).as(request[0] + " " + request[1]).isEqualTo(Access.MANAGE_KEYS);
    }
    assertThat(Access.MANAGE_KEYS.scope()).isEqualTo("api.write");
    assertThat(Access.MANAGE_KEYS.needsSubscription()).isTrue();
    // The literal paths keep their own rows.
    assertThat(accessOf("POST", "/v1/api_keys/rotate")).isEqualTo(Access.ANY_KEY);
    assertThat(table.lookup("POST", "/v1/api_keys")).isInstanceOfSatisfying(RouteTable.Found.class,
        found -> assertThat(found.route().issuesCredential()).isTrue());
  }

  @Test
  void shouldRefuseSubKeysWhereOnlyTheClientsPrimaryKeyMayAct() {
    for (var request : new String[][] {{"POST", "/v1/api_keys/rotate"}, {"POST", "/v1/api_keys/recover"},
        {"POST", "/v1/api_keys/verify_email"}, {"POST", "/v1/subscribe"}, {"GET", "/v1/webhooks"},
        {"POST", "/v1/webhooks/deliveries/dlv_1/redeliver"}, {"GET", "/v1/api_keys"}}) {
      assertThat(routeOf(request[0], request[1]).refusesSubKeys()).as(request[0] + " " + request[1]).isTrue();
    }
    for (var request : new String[][] {{"POST", "/v1/watch"}, {"GET", "/v1/videos"},
        {"POST", "/v1/api_keys/revoke_leaked"}, {"GET", "/v1/usage"}}) {
      assertThat(routeOf(request[0], request[1]).refusesSubKeys()).as(request[0] + " " + request[1]).isFalse();
    }
  }

  @Test
  void shouldServeTheKeysUsageToServicesOnly() {
    assertThat(accessOf("GET", "/internal/usage/keys/cli_1")).isEqualTo(Access.SERVICE);
    assertThat(Access.SERVICE.checksKey()).isFalse();
    assertThat(table.lookup("GET", "/internal/verify")).isInstanceOf(RouteTable.NotFound.class);
  }

  private Route routeOf(String method, String path) {
    return ((RouteTable.Found) table.lookup(method, path)).route();
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
            "POST /v1/api_keys/recover", "POST /v1/api_keys", "GET /v1/credits/status", "POST /v1/webhooks",
            "POST /v1/webhooks/*/rotate_secret");
  }

  @Test
  void shouldMarkTheSevenRoutesThatCreateAJob() {
    assertThat(table.routes().stream().filter(Route::createsJob).map(r -> r.method() + " " + r.pattern()))
        .containsExactlyInAnyOrder("POST /v1/images/generate", "POST /v1/clones/character", "POST /v1/clones/frame",
            "POST /v1/clones/video", "POST /v1/music", "POST /v1/accounts", "POST /v1/posts");
  }

  @Test
  void shouldRouteJobsToTheGatewayAndWebhooksToRecords() {
    assertThat(table.lookup("GET", "/v1/jobs/vid_1")).isEqualTo(new RouteTable.Found(route("GET", "/v1/jobs/*")));
    assertThat(table.lookup("GET", "/v1/jobs/vid_1/events"))
        .isEqualTo(new RouteTable.Found(route("GET", "/v1/jobs/*/events")));
    assertThat(((RouteTable.Found) table.lookup("POST", "/v1/jobs/vid_1/cancel")).route().access())
        .isEqualTo(Access.WRITE);
    assertThat(((RouteTable.Found) table.lookup("POST", "/v1/webhooks/deliveries/dlv_1/redeliver")).route().owner())
        .isEqualTo(Owner.RECORDS);
  }

  private Route route(String method, String pattern) {
    return table.routes().stream().filter(r -> r.method().equals(method) && r.pattern().equals(pattern)).findFirst()
        .orElseThrow();
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

  /**
   * The tree of segments answers what scoring every pattern answered (the table before issue 24): for each row's
   * path with its wildcards filled in, below its prefix, cut short and with a segment too many, under every method.
   */
  @Test
  void shouldAnswerWhatScoringEveryPatternAnswers() {
    var paths = new java.util.TreeSet<String>(java.util.List.of("/", "", "/v1", "/docs", "/docs/errors",
        "/docs/errors/x", "/v1//videos/", "/v1/videos/", "/.well-known", "/claim", "/cdn"));
    for (var route : table.routes()) {
      var concrete = route.pattern().replace("/**", "").replace("*", "abc");
      paths.add(concrete);
      paths.add(concrete + "/x");
      paths.add(concrete + "/x/y");
      paths.add(concrete.substring(0, Math.max(0, concrete.lastIndexOf('/'))));
      paths.add(concrete.replace("/v1/", "/v2/"));
    }
    var methods = java.util.List.of("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS");
    var compared = 0;
    for (var path : paths) {
      for (var method : methods) {
        assertThat(table.lookup(method, path)).as(method + " " + path).isEqualTo(scoringEveryPattern(method, path));
        compared++;
      }
    }
    assertThat(compared).isGreaterThan(methods.size() * table.routes().size());
  }

  /** The lookup as it was: every pattern scored, the highest of this method wins, the first on a tie. */
  private RouteTable.Lookup scoringEveryPattern(String method, String path) {
    var segments = PathPattern.segments(path);
    var effective = "HEAD".equals(method) ? "GET" : method;
    Route best = null;
    var bestScore = -1;
    var others = new java.util.TreeSet<String>();
    for (var route : table.routes()) {
      var score = score(route.segments(), segments);
      if (score < 0) {
        continue;
      }
      if (!route.method().equals(effective)) {
        others.add(route.method());
      } else if (score > bestScore) {
        best = route;
        bestScore = score;
      }
    }
    if (best != null) {
      return new RouteTable.Found(best);
    }
    if (others.isEmpty()) {
      return new RouteTable.NotFound();
    }
    if (others.contains("GET")) {
      others.add("HEAD");
    }
    others.add("OPTIONS");
    return new RouteTable.MethodNotAllowed(java.util.List.copyOf(others));
  }

  private static int score(java.util.List<String> pattern, java.util.List<String> path) {
    var score = 0;
    for (int i = 0; i < pattern.size(); i++) {
      var part = pattern.get(i);
      if (part.equals("**") && i == pattern.size() - 1) {
        return score;
      }
      if (i >= path.size()) {
        return -1;
      }
      if (part.equals("*")) {
        score += 1;
      } else if (part.equals(path.get(i))) {
        score += 100;
      } else {
        return -1;
      }
    }
    return pattern.size() == path.size() ? score + 1 : -1;
  }

  @Test
  void shouldSplitPathsIntoTheirNonEmptySegments() {
    assertThat(PathPattern.segments("/v1//videos/")).containsExactly("v1", "videos");
    assertThat(PathPattern.segments("")).isEmpty();
    assertThat(PathPattern.segments("/")).isEmpty();
    assertThat(PathPattern.segments("cdn/a/b.mp4")).containsExactly("cdn", "a", "b.mp4");
  }

  private Optional<LimitBucket> bucketOf(String method, String path) {
    return ((RouteTable.Found) table.lookup(method, path)).route().bucket();
  }

  private Access accessOf(String method, String path) {
    return ((RouteTable.Found) table.lookup(method, path)).route().access();
  }
}
