package dev.videoautomation.suite;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlMatching;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.suite.Agents.as;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;

import io.restassured.http.ContentType;

import dev.videoautomation.suite.Agents.Agent;

/**
 * The table of {@link DryRunIT}: for every operation that spends (issue 32 §1), by its operationId in
 * {@code /v1/openapi.json}, a good call with the setup it needs (an upload, an account, simulated providers on
 * loopback) and a bad call (a field missing or invalid). Each row's own {@code token} is in every provider request the
 * good call makes, so the provider calls of one row can be counted among everything else the simulated providers
 * serve.
 */
final class DryRunTable {
  /** What a provider answers a scrape: any JSON object is passed through as the answer's {@code data}. */
  private static final String SCRAPED = "{\"success\": true, \"items\": []}";

  private DryRunTable() {
  }

  /** One request: a concrete path, its query, and a JSON ({@code Map}) or raw ({@code byte[]}, typed) body. */
  record Call(String path, Map<String, Object> query, String contentType, Object body) {
    static Call json(String path, Map<String, ?> body) {
      return new Call(path, Map.of(), ContentType.JSON.toString(), body);
    }
  }

  /** How the real call with the good body ends on this suite. */
  enum Outcome {
    /** It runs (2xx); the dry run answers 200 {@code DryRun}. */
    RUNS,
    /**
     * The provider it needs is not configured on the suite (video understanding, transcription): the real call and
     * the dry run both answer 503 {@code provider_not_configured}, told without calling out.
     */
    PROVIDER_NOT_CONFIGURED
  }

  /**
   * A prepared row: the good and bad calls, which provider requests are this row's, whether the real call makes any,
   * and what to do when the row is done (let a simulated provider request finish, so no worker polls on).
   */
  record Row(Call good, Call bad, Predicate<LoggedRequest> providerCall, boolean callsProvider, Outcome outcome,
      Runnable done) {
  }

  /** Prepares a row for a fresh agent and token. */
  @FunctionalInterface
  interface Setup {
    Row prepare(Fixture fixture) throws Exception;
  }

  /** An agent, the row's token, and the setup rows share (made on first use). */
  static final class Fixture {
    final Agent agent;
    final String token;
    private Map<String, String> upload;
    private Map<String, String> source;

    Fixture(Agent agent) {
      this.agent = agent;
      this.token = "dry" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    }

    /** The agent's upload of a short clip: {@code id} and {@code url}. */
    Map<String, String> upload() throws Exception {
      if (upload == null) {
        upload = uploaded(clip());
      }
      return upload;
    }

    /** The agent's upload of a 4 s 480x360 source with sound, as clone takes. */
    Map<String, String> source() throws Exception {
      if (source == null) {
        source = uploaded(JobSupport.sourceClip());
      }
      return source;
    }

    private Map<String, String> uploaded(Path file) throws Exception {
      var json = as(agent).contentType("video/mp4").body(Files.readAllBytes(file)).queryParam("filename", "dry.mp4")
          .when().post("/v1/upload").then().statusCode(200).extract().jsonPath();
      return Map.of("id", json.getString("id"), "url", json.getString("url"));
    }

    /** A URL on the simulated providers that holds the token. */
    String providerUrl(String name) {
      return providers().baseUrl() + "/dry-files/" + token + "/" + name;
    }

    /** Provider requests of this row: the token in the URL (query included) or the body; span exports aside. */
    Predicate<LoggedRequest> mine() {
      return request -> !request.getUrl().startsWith("/v1/traces")
          && (request.getUrl().contains(token) || request.getBodyAsString().contains(token));
    }

    /** A verified account of the agent's, for posts. */
    String activeAccount() throws Exception {
      var handle = token + ".poster";
      providers().stubFor(get(urlPathEqualTo("/v1/tiktok/profile")).withQueryParam("handle", equalTo(handle))
          .willReturn(okJson("{\"success\": true, \"user\": {\"uniqueId\": \"" + handle + "\"}, "
              + "\"stats\": {\"followerCount\": 3}}")));
      var id = as(agent).contentType(ContentType.JSON).body(Map.of("platform", "shortvideo", "name", handle))
          .when().post("/v1/accounts").then().statusCode(202).extract().<String>path("id");
      var done = JobSupport.jobUntil(RunningSuite.suite().baseUri(Service.GATEWAY), agent.key(), id,
          JobSupport::terminal, Duration.ofSeconds(60));
      assertThat(done.path("status").asText()).as(done.toString()).isEqualTo("succeeded");
      return id;
    }

    /** A video asset of the agent's, for posts. */
    String asset() throws Exception {
      JobSupport.serve(providers(), "/dry-files/" + token + "/asset.mp4", "video/mp4", clip());
      return as(agent).contentType(ContentType.JSON).body(Map.of("url", providerUrl("asset.mp4"),
              "name", "dry asset", "contentType", "video/mp4"))
          .when().post("/v1/assets").then().statusCode(201).extract().<String>path("id");
    }
  }

  private static Path clip;

  static synchronized Path clip() throws Exception {
    if (clip == null) {
      clip = MediaJourneyIT.clip();
    }
    return clip;
  }

  private static WireMockServer providers() {
    return RunningSuite.providers();
  }

  /** The rows by operationId, in the order of {@code SpendingOperation}. */
  static final Map<String, Setup> ROWS = rows();

  private static Map<String, Setup> rows() {
    var rows = new LinkedHashMap<String, Setup>();
    // Scrape: the provider answers any request holding the row's token.
    scrape(rows, "scrapeShortvideoProfile", "/v1/scrape/shortvideo/profile", "handle");
    scrape(rows, "scrapeShortvideoProfileVideos", "/v1/scrape/shortvideo/profile/videos", "handle");
    scrape(rows, "scrapeShortvideoVideo", "/v1/scrape/shortvideo/video", "url");
    scrape(rows, "scrapeShortvideoVideoTranscript", "/v1/scrape/shortvideo/video/transcript", "url");
    scrape(rows, "scrapeShortvideoVideoComments", "/v1/scrape/shortvideo/video/comments", "url");
    scrape(rows, "scrapeShortvideoSearchUsers", "/v1/scrape/shortvideo/search/users", "query");
    rows.put("scrapeShortvideoTrending", f -> {
      // Its only field is a country code, too short for a token: the row's provider calls are the feed's path.
      providers().stubFor(get(urlPathEqualTo("/v1/tiktok/get-trending-feed")).withQueryParam("region",
          equalTo("DE")).willReturn(okJson(SCRAPED)));
      var path = "/v1/scrape/shortvideo/trending";
      return new Row(Call.json(path, Map.of("country", "DE")), Call.json(path, Map.of("country", "DEUTSCH")),
          request -> request.getUrl().startsWith("/v1/tiktok/get-trending-feed"), true, Outcome.RUNS, () -> { });
    });
    scrape(rows, "scrapePhotoProfile", "/v1/scrape/photo/profile", "handle");
    scrape(rows, "scrapePhotoUserPosts", "/v1/scrape/photo/user/posts", "handle");
    scrape(rows, "scrapePhotoPost", "/v1/scrape/photo/post", "url");
    scrape(rows, "scrapePhotoPostComments", "/v1/scrape/photo/post/comments", "url");
    scrape(rows, "scrapePhotoUserReels", "/v1/scrape/photo/user/reels", "handle");
    scrape(rows, "scrapeMicroblogProfile", "/v1/scrape/microblog/profile", "handle");
    scrape(rows, "scrapeMicroblogUserTweets", "/v1/scrape/microblog/user-tweets", "handle");
    scrape(rows, "scrapeMicroblogTweet", "/v1/scrape/microblog/tweet", "url");
    scrape(rows, "scrapeMicroblogTweetTranscript", "/v1/scrape/microblog/tweet/transcript", "url");
    scrape(rows, "scrapeVideositeChannel", "/v1/scrape/videosite/channel", "handle");
    scrape(rows, "scrapeVideositeChannelVideos", "/v1/scrape/videosite/channel-videos", "handle");
    scrape(rows, "scrapeVideositeVideo", "/v1/scrape/videosite/video", "url");
    scrape(rows, "scrapeVideositeVideoComments", "/v1/scrape/videosite/video/comments", "url");
    scrape(rows, "scrapeAdsSocial", "/v1/scrape/ads/social", "query");
    scrape(rows, "scrapeAdsSearch", "/v1/scrape/ads/search", "company");
    scrape(rows, "scrapeAdsProfessional", "/v1/scrape/ads/professional", "query");
    scrape(rows, "scrapeAdsForum", "/v1/scrape/ads/forum", "query");
    rows.put("importVideo", f -> {
      var file = "/dry-files/" + f.token + "/play.mp4";
      JobSupport.serve(providers(), file, "video/mp4", clip());
      providers().stubFor(get(urlPathEqualTo("/v2/tiktok/video")).withQueryParam("url",
          com.github.tomakehurst.wiremock.client.WireMock.containing(f.token)).willReturn(okJson("""
              {"aweme_detail": {"aweme_id": "7300000000000000001", "desc": "a dry clip",
                "video": {"play_addr": {"url_list": ["%1$s"]}, "download_addr": {"url_list": ["%1$s"]},
                          "duration": 2000}}}""".formatted(providers().baseUrl() + file))));
      var path = "/v1/videos/download/shortvideo";
      return new Row(Call.json(path, Map.of("url", postUrl("shortvideo", f.token))), Call.json(path, Map.of()),
          f.mine(), true, Outcome.RUNS, () -> { });
    });

    // Media: storage and intelligence, on the agent's own upload.
    rows.put("uploadMedia", f -> {
      var query = Map.<String, Object>of("filename", "dry-upload.mp4");
      return new Row(new Call("/v1/upload", query, "video/mp4", Files.readAllBytes(clip())),
          new Call("/v1/upload", query, "text/plain", "not a video".getBytes()), f.mine(), false, Outcome.RUNS,
          () -> { });
    });
    rows.put("stageMediaFromUrl", f -> {
      JobSupport.serve(providers(), "/dry-files/" + f.token + "/staged.mp4", "video/mp4", clip());
      return new Row(Call.json("/v1/upload/url", Map.of("url", f.providerUrl("staged.mp4"))),
          Call.json("/v1/upload/url", Map.of("url", "ftp://files.example/" + f.token + ".mp4")), f.mine(), true,
          Outcome.RUNS, () -> { });
    });
    rows.put("overlayText", f -> media(f, "/v1/overlay", Map.of("mediaId", f.upload().get("id"),
        "text", "dry " + f.token, "position", "top"), Map.of("mediaId", f.upload().get("id")), Outcome.RUNS));
    rows.put("extractMedia", f -> media(f, "/v1/extract", Map.of("mediaId", f.upload().get("id"),
        "frames", Map.of("count", 1)), Map.of("frames", Map.of("count", 1)), Outcome.RUNS));
    rows.put("transcribeMedia", f -> media(f, "/v1/transcribe", Map.of("mediaId", f.upload().get("id")),
        Map.of("mediaId", f.upload().get("id"), "format", "doc"), Outcome.PROVIDER_NOT_CONFIGURED));
    rows.put("watchVideo", f -> media(f, "/v1/watch", Map.of("mediaId", f.upload().get("id"),
        "prompt", "What happens?"), Map.of("mediaId", f.upload().get("id")), Outcome.PROVIDER_NOT_CONFIGURED));
    rows.put("checkVideo", f -> media(f, "/v1/check", Map.of("platform", "shortvideo",
        "mediaId", f.upload().get("id")), Map.of("platform", "cinema", "mediaId", f.upload().get("id")),
        Outcome.RUNS));
    rows.put("scanVideoCompliance", f -> media(f, "/v1/compliance/video", Map.of("mediaId", f.upload().get("id"),
        "platform", "shortvideo"), Map.of("platform", "shortvideo"), Outcome.RUNS));
    rows.put("scanPromptCompliance", f -> media(f, "/v1/compliance/prompt", Map.of("text",
        "a calm cooking video " + f.token, "platform", "shortvideo"), Map.of("platform", "shortvideo"),
        Outcome.RUNS));

    // Clone: a simulated fal.ai queue whose requests hold the token (the prompt, or an image URL).
    rows.put("checkCloneability", f -> media(f, "/v1/clones/check", Map.of("videoUrl", f.source().get("url")),
        Map.of(), Outcome.RUNS));
    rows.put("generateCharacterImage", f -> {
      var request = image(f, JobSupport.IMAGE_MODEL);
      return new Row(Call.json("/v1/clones/character", Map.of("prompt", "a robot " + f.token)),
          Call.json("/v1/clones/character", Map.of("aspectRatio", "1:1")), f.mine(), true, Outcome.RUNS,
          request::finish);
    });
    rows.put("createStartingFrame", f -> {
      var request = image(f, JobSupport.IMAGE_MODEL + "/edit");
      var character = f.providerUrl("character.png");
      return new Row(Call.json("/v1/clones/frame", Map.of("videoUrl", f.source().get("url"),
              "characterImageUrl", character)),
          Call.json("/v1/clones/frame", Map.of("videoUrl", f.source().get("url"))), f.mine(), true, Outcome.RUNS,
          request::finish);
    });
    rows.put("createCloneVideo", f -> {
      var request = JobSupport.queueRender(providers(), f.token);
      return new Row(Call.json("/v1/clones/video", Map.of("sourceVideoUrl", f.source().get("url"),
              "characterImageUrl", f.providerUrl("character.png"), "prompt", "same moves " + f.token)),
          Call.json("/v1/clones/video", Map.of("prompt", "same moves " + f.token)), f.mine(), true, Outcome.RUNS,
          request::finish);
    });
    rows.put("generateImage", f -> {
      var request = JobSupport.queueImage(providers(), f.token);
      // 2K: the cost depends on the input (1K 4, 2K 6, 4K 10), and the dry run says the real call's.
      return new Row(Call.json("/v1/images/generate", Map.of("prompt", "a lighthouse " + f.token,
              "resolution", "2K")),
          Call.json("/v1/images/generate", Map.of("prompt", "a lighthouse " + f.token, "resolution", "8K")),
          f.mine(), true, Outcome.RUNS, request::finish);
    });
    rows.put("generateMusic", f -> {
      var request = JobSupport.queueMusic(providers(), f.token);
      return new Row(Call.json("/v1/music", Map.of("prompt", "calm piano " + f.token)),
          Call.json("/v1/music", Map.of("durationSeconds", 10)), f.mine(), true, Outcome.RUNS, request::finish);
    });

    // Records.
    rows.put("createAccount", f -> {
      providers().stubFor(get(urlPathEqualTo("/v1/tiktok/profile")).withQueryParam("handle", equalTo(f.token))
          .willReturn(okJson("{\"success\": true, \"user\": {\"uniqueId\": \"" + f.token + "\"}, "
              + "\"stats\": {\"followerCount\": 11}}")));
      return new Row(Call.json("/v1/accounts", Map.of("platform", "shortvideo", "name", f.token)),
          Call.json("/v1/accounts", Map.of("platform", "cinema", "name", f.token)), f.mine(), true, Outcome.RUNS,
          () -> { });
    });
    rows.put("createPost", f -> {
      var account = f.activeAccount();
      var asset = f.asset();
      // An hour ahead: nothing is published while the row runs.
      var at = System.currentTimeMillis() + Duration.ofHours(1).toMillis();
      return new Row(Call.json("/v1/posts", Map.of("accountId", account, "videoId", asset, "caption",
              "dry " + f.token, "scheduledAt", at)),
          Call.json("/v1/posts", Map.of("accountId", account, "caption", "dry " + f.token)), f.mine(), false,
          Outcome.RUNS, () -> { });
    });
    return rows;
  }

  /** A scrape row: {@code field} holds the token (a handle, a query, a company's domain, or a post's URL). */
  private static void scrape(Map<String, Setup> rows, String operationId, String path, String field) {
    rows.put(operationId, f -> {
      providers().stubFor(get(urlMatching(".*" + f.token + ".*")).willReturn(okJson(SCRAPED)));
      var value = switch (field) {
        case "url" -> postUrl(path.split("/")[3], f.token);
        case "company" -> f.token + ".example";
        default -> f.token;
      };
      return new Row(Call.json(path, Map.of(field, value)), Call.json(path, Map.of()), f.mine(), true,
          Outcome.RUNS, () -> { });
    });
  }

  private static String postUrl(String platform, String token) {
    return switch (platform) {
      case "shortvideo" -> "https://www.tiktok.com/@" + token + "/video/7300000000000000001";
      case "photo" -> "https://www.instagram.com/p/" + token + "/";
      case "microblog" -> "https://x.com/" + token + "/status/1800000000000000001";
      case "videosite" -> "https://www.youtube.com/watch?v=" + token;
      default -> throw new IllegalArgumentException(platform);
    };
  }

  /** A row that calls no provider, on the agent's own media. */
  private static Row media(Fixture f, String path, Map<String, ?> good, Map<String, ?> bad, Outcome outcome) {
    return new Row(Call.json(path, good), Call.json(path, bad), f.mine(), false, outcome, () -> { });
  }

  /** An image request on the simulated queue, submitted with the token, finished at once; its result a real PNG. */
  private static JobSupport.QueuedRequest image(Fixture f, String model) throws Exception {
    var png = JobSupport.file("dry-image.png", "-f", "lavfi", "-i", "color=c=teal:size=256x256", "-frames:v", "1");
    JobSupport.serve(providers(), "/dry-files/" + f.token + "/character.png", "image/png", png);
    JobSupport.serve(providers(), "/dry-files/" + f.token + "/result.png", "image/png", png);
    var request = JobSupport.queue(providers(), model, f.token, "{\"images\": [{\"url\": \""
        + f.providerUrl("result.png") + "\"}]}");
    request.finish();
    return request;
  }

  /** The simulated providers' requests of one row so far. */
  static int providerCalls(Predicate<LoggedRequest> mine) {
    var calls = new ArrayList<LoggedRequest>();
    providers().getAllServeEvents().forEach(event -> {
      if (mine.test(event.getRequest())) {
        calls.add(event.getRequest());
      }
    });
    return calls.size();
  }

}
