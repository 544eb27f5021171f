package dev.videoautomation.scrape.publicdata;

import static com.github.tomakehurst.wiremock.client.WireMock.absent;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.scrape.Simulated.asClient;
import static dev.videoautomation.scrape.Simulated.tree;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;

import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;
import dev.videoautomation.scrape.Simulated;
import dev.videoautomation.scrape.WithProvider;
import dev.videoautomation.scrape.config.ScrapeConfig;
import dev.videoautomation.scrape.normalize.Normalizer;
import dev.videoautomation.scrape.provider.ProviderCache;

/**
 * {@code normalize: true} on each of the 24 endpoints, the simulated provider answering the provider's published
 * example for the upstream path (upstream/published, sources in its SOURCES.md): the kind, the version, the page's
 * cursor and each item's key fields. Then {@code fields}, {@code download_media} on the normalized media, and the
 * hand-made fixtures.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "scrape.provider.base-url,quarkus.rest-client.media-client.url"))
@TestProfile(WithProvider.class)
class NormalizedAnswersTest {
  /** An expected value that starts with this is checked as a prefix (long texts, signed CDN URLs). */
  static final String PREFIX = "^";

  @InjectWireMock
  WireMockServer wireMock;

  @Inject
  ProviderCache cache;

  @Inject
  CircuitBreakerMaintenance breakers;

  @Inject
  ScrapeConfig config;

  /**
   * One endpoint: its route and body, the upstream path and its published example, what {@code normalized} must say
   * (kind, number of items, next cursor) and the fields of its items, by JSON pointer under {@code normalized}
   * (a container is compared as JSON text, null as JSON null).
   */
  record Case(String route, String body, String upstreamPath, String kind, int items, String nextCursor,
      Map<String, String> fields) {
    @Override
    public String toString() {
      return route;
    }
  }

  /** Pointer, expected value, pointer, expected value … (null: JSON null). */
  static Map<String, String> fields(String... pairs) {
    var map = new LinkedHashMap<String, String>();
    for (int i = 0; i < pairs.length; i += 2) {
      map.put(pairs[i], pairs[i + 1]);
    }
    return map;
  }

  static Stream<Case> publishedExamples() {
    var tiktokUrl = "https://www.tiktok.com/@stoolpresidente/video/7463250363559218474";
    var igUrl = "https://www.instagram.com/reel/DF5s0duxDts/";
    var tweetUrl = "https://x.com/adrian_horning_/status/1628769691547074562";
    var ytUrl = "https://www.youtube.com/watch?v=Y2Ah_DFr8cw";
    return Stream.of(
        new Case("shortvideo/profile", "{\"handle\": \"stoolpresidente\"}", "/v1/tiktok/profile", "profile", 1, null,
            fields("/items/0/platform", "shortvideo", "/items/0/id", "6659752019493208069",
                "/items/0/handle", "stoolpresidente", "/items/0/name", "Dave Portnoy",
                "/items/0/bio", "El Presidente/Barstool Sports Founder.",
                "/items/0/url", "https://www.tiktok.com/@stoolpresidente",
                "/items/0/avatarUrl", "^https://p16-sign-va.tiktokcdn.com/", "/items/0/verified", "true",
                "/items/0/followers", "4100000", "/items/0/following", "74", "/items/0/postCount", "2017")),
        new Case("shortvideo/profile/videos", "{\"handle\": \"stoolpresidente\"}", "/v3/tiktok/profile/videos",
            "posts", 1, "1738435195000",
            fields("/items/0/platform", "shortvideo", "/items/0/id", "7470969622276164906",
                "/items/0/url", "https://www.tiktok.com/@stoolpresidente/video/7470969622276164906",
                "/items/0/author", "{\"id\":\"6659752019493208069\",\"handle\":\"stoolpresidente\","
                    + "\"name\":\"Dave Portnoy\"}",
                "/items/0/text", "Uncle Jerry and his family may be the nicest people in the world ",
                "/items/0/createdAt", "1739470683000", "/items/0/durationSeconds", "89.131",
                "/items/0/metrics", "{\"views\":141567,\"likes\":18651,\"comments\":152,\"shares\":237}",
                "/items/0/media/0/type", "video", "/items/0/media/0/url", "^https://v45.tiktokcdn-eu.com/",
                "/items/0/media/0/width", "576", "/items/0/media/0/height", "1024",
                "/items/0/media/0/durationSeconds", "89.131", "/items/0/hashtags", "[]")),
        new Case("shortvideo/video", "{\"url\": \"" + tiktokUrl + "\"}", "/v2/tiktok/video", "post", 1, null,
            fields("/items/0/id", "7463250363559218474", "/items/0/url", tiktokUrl,
                "/items/0/author/handle", "stoolpresidente", "/items/0/createdAt", "1737673396000",
                "/items/0/durationSeconds", "89.793",
                "/items/0/metrics", "{\"views\":355687,\"likes\":44855,\"comments\":270,\"shares\":3100}",
                "/items/0/media/0/type", "video", "/items/0/hashtags", "[]")),
        new Case("shortvideo/video/transcript", "{\"url\": \"" + tiktokUrl + "\"}", "/v1/tiktok/video/transcript",
            "transcript", 1, null,
            fields("/items/0/language", null, "/items/0/text", "^Alright, pizza review time. Sal's Pizza Factory.",
                "/items/0/segments/0", "{\"start\":0.12,\"end\":1.84,\"text\":\"Alright, pizza review time.\"}",
                "/items/0/segments/1/start", "1.841", "/items/0/segments/1/end", "3.761")),
        new Case("shortvideo/video/comments", "{\"url\": \"" + tiktokUrl + "\"}", "/v1/tiktok/video/comments",
            "comments", 1, "20",
            fields("/items/0/id", "7463276288959824682",
                "/items/0/author", "{\"id\":\"6851091024770040837\",\"handle\":\"tmoneyhoney18\",\"name\":\"T\"}",
                "/items/0/text", "Mesa and Scottsdale are like 2 different planets",
                "/items/0/createdAt", "1737679448000", "/items/0/likes", "1015", "/items/0/replyCount", "9")),
        new Case("shortvideo/search/users", "{\"query\": \"taylor\"}", "/v1/tiktok/search/users", "users", 1, "10",
            fields("/items/0/platform", "shortvideo", "/items/0/id", "6881290705605477381",
                "/items/0/handle", "taylorswift", "/items/0/name", "Taylor Swift",
                "/items/0/avatarUrl", "^https://p16-amd-va.tiktokcdn.com/", "/items/0/followers", "32691341",
                "/items/0/verified", "true")),
        new Case("shortvideo/trending", "{}", "/v1/tiktok/get-trending-feed", "posts", 2, null,
            fields("/items/0/id", "7540000301621841183",
                "/items/0/url", "https://www.tiktok.com/@breannafriedman0/photo/7540000301621841183",
                "/items/0/author", "{\"id\":\"6754760670083138566\",\"handle\":\"breannafriedman0\","
                    + "\"name\":\"Bre \uD83E\uDD0D\"}",
                "/items/0/createdAt", "1755543133000", "/items/0/durationSeconds", null,
                "/items/0/metrics/views", "1443873",
                "/items/0/hashtags", "[\"hudsonvalley\",\"fallgetaway\",\"farm\",\"upstateny\",\"resort\"]",
                "/items/0/media/0/type", "image", "/items/0/media/0/width", "1080", "/items/0/media/0/height", "1440",
                "/items/1/id", "7540968798585670968", "/items/1/author/handle", "lyngame.52",
                "/items/1/media/0/type", "video", "/items/1/media/0/width", "576")),
        new Case("photo/profile", "{\"handle\": \"adrianhorning\"}", "/v1/instagram/profile", "profile", 1, null,
            fields("/items/0/platform", "photo", "/items/0/id", "2700692569", "/items/0/handle", "adrianhorning",
                "/items/0/name", "Adrian Horning", "/items/0/bio", "Scraping the web",
                "/items/0/url", "https://www.instagram.com/adrianhorning/",
                "/items/0/avatarUrl", "^https://scontent-iad3-1.cdninstagram.com/", "/items/0/verified", "true",
                "/items/0/followers", "25116", "/items/0/following", "101", "/items/0/postCount", "71")),
        new Case("photo/user/posts", "{\"handle\": \"barstoolsports\"}", "/v2/instagram/user/posts", "posts", 1,
            "3599731065704772932_260462810",
            fields("/items/0/platform", "photo", "/items/0/id", "3600545900919030401",
                "/items/0/url", "https://www.instagram.com/barstoolsports/p/DH3tWudxIKB/",
                "/items/0/author", "{\"id\":\"260462810\",\"handle\":\"barstoolsports\",\"name\":\"Barstool Sports\"}",
                "/items/0/text", "^Dana is neglecting a pretty important level of the food pyramid",
                "/items/0/createdAt", "1743438570000", "/items/0/durationSeconds", "76.717",
                "/items/0/metrics/views", "35499", "/items/0/metrics/likes", "387", "/items/0/metrics/comments", "12",
                "/items/0/media/0/type", "video", "/items/0/media/0/width", "480", "/items/0/media/0/height", "853")),
        new Case("photo/post", "{\"url\": \"" + igUrl + "\"}", "/v1/instagram/post", "post", 1, null,
            fields("/items/0/id", "3565077699422862188", "/items/0/url", "https://www.instagram.com/p/DF5s0duxDts/",
                "/items/0/author", "{\"id\":\"2700692569\",\"handle\":\"adrianhorning\",\"name\":\"Adrian Horning\"}",
                "/items/0/text", "I built my own gumroad in 24 hours with AI", "/items/0/createdAt", "1739210435000",
                "/items/0/durationSeconds", "71.1",
                "/items/0/metrics", "{\"views\":4651,\"likes\":153,\"comments\":17,\"shares\":null}",
                "/items/0/media/0/type", "video", "/items/0/media/0/width", "640", "/items/0/media/0/height", "1136",
                "/items/0/hashtags", "[]")),
        new Case("photo/post/comments", "{\"url\": \"" + igUrl + "\"}", "/v2/instagram/post/comments", "comments", 2,
            "AQHSpoi6HyDbzYRMzrD.........",
            fields("/items/0/id", "18051843701642870",
                "/items/0/author", "{\"id\":\"46773599357\",\"handle\":\"catherina_thijs\",\"name\":null}",
                "/items/0/createdAt", "1758042184000", "/items/0/likes", "0", "/items/0/replyCount", "0")),
        new Case("photo/user/reels", "{\"handle\": \"adrianhorning\"}", "/v1/instagram/user/reels", "posts", 1,
            "^QVFCMmhBOFROQXFV",
            fields("/items/0/id", "3540614075954356349", "/items/0/url", "https://www.instagram.com/reel/DEiyb48AeB9",
                "/items/0/author/handle", "adrianhorning", "/items/0/text", null, "/items/0/hashtags", null,
                "/items/0/createdAt", "1736294201000", "/items/0/durationSeconds", "76.783",
                "/items/0/metrics/views", "3865", "/items/0/metrics/likes", "126", "/items/0/media/0/type", "video",
                "/items/0/media/0/width", "480")),
        new Case("microblog/profile", "{\"handle\": \"Austen\"}", "/v1/twitter/profile", "profile", 1, null,
            fields("/items/0/platform", "microblog", "/items/0/id", "221838349", "/items/0/handle", "Austen",
                "/items/0/name", "Austen Allred", "/items/0/url", "https://x.com/Austen",
                "/items/0/avatarUrl", "^https://pbs.twimg.com/profile_images/", "/items/0/verified", "true",
                "/items/0/followers", "377608", "/items/0/following", "1051", "/items/0/postCount", "46114")),
        new Case("microblog/user-tweets", "{\"handle\": \"adrian_horning_\"}", "/v1/twitter/user-tweets", "posts", 1,
            null,
            fields("/items/0/id", "1828402665845322123",
                "/items/0/url", "https://x.com/adrian_horning_/status/1828402665845322123",
                "/items/0/author", "{\"id\":\"4520241209\",\"handle\":\"adrian_horning_\","
                    + "\"name\":\"Adrian | The Web Scraping Guy\"}",
                "/items/0/createdAt", "1724760140000", "/items/0/durationSeconds", null,
                "/items/0/metrics", "{\"views\":493762,\"likes\":1722,\"comments\":3186,\"shares\":64}",
                "/items/0/media", "[{\"type\":\"image\",\"url\":\"https://pbs.twimg.com/media/GV_KiM-W0AEa31c.png\","
                    + "\"width\":182,\"height\":117,\"durationSeconds\":null}]",
                "/items/0/hashtags", "[]")),
        new Case("microblog/tweet", "{\"url\": \"" + tweetUrl + "\"}", "/v1/twitter/tweet", "post", 1, null,
            fields("/items/0/id", "1628769691547074562", "/items/0/url", tweetUrl,
                "/items/0/text", "^I\u2019ve scraped huge retailers", "/items/0/createdAt", "1677163930000",
                "/items/0/metrics", "{\"views\":101132,\"likes\":402,\"comments\":41,\"shares\":30}",
                "/items/0/media", "[]")),
        new Case("microblog/tweet/transcript", "{\"url\": \"" + tweetUrl + "\"}", "/v1/twitter/tweet/transcript",
            "transcript", 1, null,
            fields("/items/0/text", "^Since you're kind of like a leader in innovation", "/items/0/segments", null,
                "/items/0/language", null)),
        new Case("videosite/channel", "{\"handle\": \"ThePatMcAfeeShow\"}", "/v1/youtube/channel", "channel", 1, null,
            fields("/items/0/platform", "videosite", "/items/0/id", "UCxcTeAKWJca6XyJ37_ZoKIQ",
                "/items/0/handle", "ThePatMcAfeeShow", "/items/0/name", "The Pat McAfee Show", "/items/0/bio", null,
                "/items/0/url", "http://www.youtube.com/@ThePatMcAfeeShow",
                "/items/0/avatarUrl", "^https://yt3.googleusercontent.com/", "/items/0/verified", null,
                "/items/0/followers", "2750000", "/items/0/following", null, "/items/0/postCount", "9221")),
        new Case("videosite/channel-videos", "{\"handle\": \"ThePatMcAfeeShow\"}", "/v1/youtube/channel-videos",
            "posts", 1, "4qmFsgLlFhIYV....",
            fields("/items/0/id", "5EWaxmWgQMI", "/items/0/url", "https://www.youtube.com/watch?v=5EWaxmWgQMI",
                "/items/0/author", null, "/items/0/text", "^Russell Wilson Hopes To Finish Career As A Steeler",
                "/items/0/createdAt", "1737672533914", "/items/0/durationSeconds", "2245.0",
                "/items/0/metrics", "{\"views\":110447,\"likes\":null,\"comments\":null,\"shares\":null}",
                "/items/0/media/0/type", "image", "/items/0/media/0/url", "^https://i.ytimg.com/vi/5EWaxmWgQMI/")),
        new Case("videosite/video", "{\"url\": \"" + ytUrl + "\"}", "/v1/youtube/video", "post", 1, null,
            fields("/items/0/platform", "videosite", "/items/0/id", "Y2Ah_DFr8cw", "/items/0/url", ytUrl,
                "/items/0/author", "{\"id\":\"UCWH3hing1Qb4LnkRfQdxsxQ\",\"handle\":\"afroballer8906\","
                    + "\"name\":\"Afroballer\"}",
                "/items/0/createdAt", "1550834394000", "/items/0/durationSeconds", "348.0",
                "/items/0/metrics", "{\"views\":372864,\"likes\":4043,\"comments\":358,\"shares\":null}",
                "/items/0/media/0/url", "https://img.youtube.com/vi/Y2Ah_DFr8cw/maxresdefault.jpg")),
        new Case("videosite/video/comments", "{\"url\": \"" + ytUrl + "\"}", "/v1/youtube/video/comments",
            "comments", 1, "Eg0SCzVFV2F4bVd....",
            fields("/items/0/id", "UgwVfRopfS2F-WB3aF14AaABAg",
                "/items/0/author", "{\"id\":\"UC8JC3uSUmmXTCTKl-bgr1DA\",\"handle\":\"SimonT80\",\"name\":null}",
                "/items/0/text", "^I love how in the middle he said", "/items/0/createdAt", "1737674042948",
                "/items/0/likes", "110", "/items/0/replyCount", "5")),
        new Case("ads/social", "{\"query\": \"labradoodle\"}", "/v1/facebook/adLibrary/search/ads", "ads", 1,
            "AQHRYLVDkoMkvGv7yK1rcce-vJmKiKv330R4v3j9KHSOaYvmF1bq1QkotG0rgW8Fkrj-",
            fields("/items/0/library", "social", "/items/0/id", "615470338018648",
                "/items/0/advertiser", "JNB Stables Labradoodles", "/items/0/text", "^Discover the unmatched joy",
                "/items/0/url", "https://www.facebook.com/ads/library/?id=615470338018648",
                "/items/0/startedAt", "1740729600000", "/items/0/endedAt", "1740729600000",
                "/items/0/media/0/type", "image", "/items/0/media/0/url", "^https://scontent.ford4-1.fna.fbcdn.net/",
                "/items/0/countries", "[]")),
        new Case("ads/search", "{\"company\": \"lululemon.com\"}", "/v1/google/company/ads", "ads", 15,
            "CgoAP7zmu%2FzKj6ijEhBBAgiPtk1y16J9lpkAAAAAGgn8%2BHbW%2BJylE6g%3D",
            fields("/items/0/library", "search", "/items/0/id", "CR08567627846124568577",
                "/items/0/advertiser", "lululemon athletica canada inc.", "/items/0/text", null,
                "/items/0/url", "^https://adstransparency.google.com/advertiser/AR01614014350098432001/",
                "/items/0/startedAt", "1773248902000", "/items/0/endedAt", "1777917552000", "/items/0/media", "[]",
                "/items/0/countries", null)),
        new Case("ads/professional", "{\"query\": \"microsoft\"}", "/v1/linkedin/ads/search", "ads", 2,
            "756412693-1754569518292",
            fields("/items/0/library", "professional", "/items/0/id", "823975056", "/items/0/advertiser", "Microsoft",
                "/items/0/text", "^The countdown has begun",
                "/items/0/url", "https://www.linkedin.com/ad-library/detail/823975056",
                "/items/0/startedAt", "1754802000000", "/items/0/endedAt", "1754802000000",
                "/items/0/media/0/type", "image", "/items/0/media/0/url", "^https://media.licdn.com/",
                "/items/0/countries", "[]")),
        new Case("ads/forum", "{\"query\": \"money\"}", "/v1/reddit/ads/search", "ads", 1, null,
            fields("/items/0/library", "forum", "/items/0/id", "79e005f1e09ec72245e904d87d2a0869",
                "/items/0/advertiser", "u_thepennyhoarder", "/items/0/text", "^Life would be a whole lot easier",
                "/items/0/url", "^https://www.reddit.com/r/u_thepennyhoarder/comments/1cdt7o6/",
                "/items/0/startedAt", null, "/items/0/endedAt", null, "/items/0/media/0/type", "image",
                "/items/0/media/0/url", "^https://b.thumbs.redditmedia.com/", "/items/0/countries", null)));
  }

  /** The published trim=true answers (11 paths have one): flatter items, other cursors, fewer fields. */
  static Stream<Case> trimmedExamples() {
    var tiktokUrl = "https://www.tiktok.com/@stoolpresidente/video/7517114944362499342";
    var igUrl = "https://www.instagram.com/reel/DLDXI0fylTC/";
    var tweetUrl = "https://x.com/Austen/status/1935730646267158797";
    return Stream.of(
        new Case("ads/social", "{\"query\": \"makhumalo\"}", "/v1/facebook/adLibrary/search/ads", "ads", 1,
            "AQHRLKHyzb3ZNTn1O3qr6lG7ncS9gfboI0HWGSDETVUnipTSXVY8E4Wb-568JBicOvYS",
            fields("/items/0/id", "1378176106734781", "/items/0/advertiser", "Makhumalo",
                "/items/0/url", "https://www.facebook.com/ads/library?id=1378176106734781",
                "/items/0/startedAt", "1747638000000")),
        new Case("photo/post", "{\"url\": \"" + igUrl + "\"}", "/v1/instagram/post", "post", 1, null,
            fields("/items/0/id", "3657869083548472514", "/items/0/url", "https://www.instagram.com/p/DLDXI0fylTC/",
                "/items/0/media/0/type", "video")),
        new Case("photo/profile", "{\"handle\": \"adrianhorning\"}", "/v1/instagram/profile", "profile", 1, null,
            fields("/items/0/id", "2700692569", "/items/0/handle", "adrianhorning")),
        new Case("photo/user/reels", "{\"handle\": \"adrianhorning\"}", "/v1/instagram/user/reels", "posts", 1,
            "^QVFEWFlDdGNO",
            fields("/items/0/id", "3641924023820356866_21393171",
                "/items/0/url", "https://www.instagram.com/reel/DKKtpqaxg0C/")),
        new Case("shortvideo/search/users", "{\"query\": \"adrian\"}", "/v1/tiktok/search/users", "users", 2, "30",
            fields("/items/0/id", "6757029651601835013", "/items/0/handle", "adrianzyno",
                "/items/0/avatarUrl", "^https://p16-amd-va.tiktokcdn.com/", "/items/0/followers", "163953",
                "/items/0/verified", null)),
        new Case("shortvideo/video/comments", "{\"url\": \"" + tiktokUrl + "\"}", "/v1/tiktok/video/comments",
            "comments", 1, "20", fields("/items/0/id", null, "/items/0/text", "DAVE BUY A TEAM")),
        new Case("microblog/tweet", "{\"url\": \"" + tweetUrl + "\", \"trim\": true}", "/v1/twitter/tweet", "post", 1,
            null, fields("/items/0/id", "1935730646267158797",
                "/items/0/url", "https://x.com/i/status/1935730646267158797", "/items/0/author/id", "221838349")),
        new Case("microblog/user-tweets", "{\"handle\": \"Austen\", \"trim\": true}", "/v1/twitter/user-tweets",
            "posts", 1, null, fields("/items/0/id", "1834021269559501236",
                "/items/0/url", "https://x.com/i/status/1834021269559501236", "/items/0/metrics/views", "4710824")),
        new Case("photo/user/posts", "{\"handle\": \"somebody\"}", "/v2/instagram/user/posts", "posts", 1,
            "3639831059405682409_59042353222",
            fields("/items/0/id", "3644028144127958689_59042353222",
                "/items/0/url", "^https://www.instagram.com/")),
        new Case("shortvideo/video", "{\"url\": \"" + tiktokUrl + "\", \"trim\": true}", "/v2/tiktok/video", "post",
            1, null, fields("/items/0/id", "7517114944362499342", "/items/0/url", tiktokUrl,
                "/items/0/author/handle", "stoolpresidente", "/items/0/metrics/views", "589745")),
        new Case("shortvideo/profile/videos", "{\"handle\": \"stoolpresidente\"}", "/v3/tiktok/profile/videos",
            "posts", 1, "1748286476000", fields("/items/0/id", "7517114944362499342", "/items/0/url", tiktokUrl)));
  }

  @BeforeEach
  void reset() {
    wireMock.resetAll();
    cache.clear();
  }

  @AfterEach
  void resetBreakers() {
    breakers.resetAll();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("publishedExamples")
  void shouldNormalizeThePublishedAnswerOfEachUpstreamPath(Case endpoint) {
    var upstream = published(endpoint.upstreamPath());
    Simulated.provider(wireMock, endpoint.upstreamPath(), upstream);

    var answer = tree(asClient().body(withNormalize(endpoint.body())).when().post("/v1/scrape/" + endpoint.route())
        .then().statusCode(200).extract().asString());

    assertThat(answer.get("data")).as("data is the provider's answer, untouched").isEqualTo(tree(upstream));
    assertThat(answer.has("meta")).isFalse();
    var normalized = answer.get("normalized");
    assertThat(normalized.path("kind").asText()).isEqualTo(endpoint.kind());
    assertThat(normalized.path("version").asInt()).isEqualTo(Normalizer.VERSION);
    assertThat(normalized.path("items").size()).isEqualTo(endpoint.items());
    expect(normalized, "/nextCursor", endpoint.nextCursor());
    endpoint.fields().forEach((pointer, expected) -> expect(normalized, pointer, expected));
    for (var item : normalized.path("items")) {
      if (item.has("id")) {
        assertThat(item.get("id").isTextual()).as("ids are text: " + item.get("id")).isTrue();
      }
    }
    // normalize and fields shape this service's answer: the provider never sees them.
    wireMock.verify(1, getRequestedFor(urlPathEqualTo(endpoint.upstreamPath()))
        .withQueryParam("normalize", absent()).withQueryParam("fields", absent()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("trimmedExamples")
  void shouldNormalizeThePublishedTrimmedAnswers(Case endpoint) {
    var upstream = Simulated.upstream("published/trimmed/" + endpoint.upstreamPath().substring(1).replace('/', '-'),
        wireMock);
    Simulated.provider(wireMock, endpoint.upstreamPath(), upstream);

    var normalized = tree(asClient().body(withNormalize(endpoint.body())).when()
        .post("/v1/scrape/" + endpoint.route()).then().statusCode(200).extract().asString()).get("normalized");

    assertThat(normalized.path("kind").asText()).isEqualTo(endpoint.kind());
    assertThat(normalized.path("items").size()).isEqualTo(endpoint.items());
    expect(normalized, "/nextCursor", endpoint.nextCursor());
    endpoint.fields().forEach((pointer, expected) -> expect(normalized, pointer, expected));
  }

  /** Every field of the item shape is written, null when the provider did not give it, never left out. */
  @Test
  void shouldWriteEveryFieldOfAnItemWithNullForWhatTheProviderDidNotGive() {
    Simulated.provider(wireMock, "/v1/google/company/ads", published("/v1/google/company/ads"));

    var item = tree(asClient().body("{\"company\": \"lululemon.com\", \"normalize\": true}").when()
        .post("/v1/scrape/ads/search").then().statusCode(200).extract().asString()).at("/normalized/items/0");

    assertThat(names(item)).containsExactly("library", "id", "advertiser", "text", "url", "startedAt", "endedAt",
        "media", "countries");
    assertThat(item.get("text").isNull()).isTrue();
    assertThat(item.get("countries").isNull()).isTrue();
  }

  @Test
  void shouldAnswerOnlyTheDataWhenNormalizeIsNotAsked() {
    Simulated.provider(wireMock, "/v1/tiktok/profile", published("/v1/tiktok/profile"));

    var answer = tree(asClient().body("{\"handle\": \"stoolpresidente\", \"normalize\": false}").when()
        .post("/v1/scrape/shortvideo/profile").then().statusCode(200).extract().asString());

    assertThat(names(answer)).containsExactly("data");
  }

  @Test
  void shouldKeepOnlyTheSelectedFieldsOfEachItem() {
    Simulated.provider(wireMock, "/v3/tiktok/profile/videos", published("/v3/tiktok/profile/videos"));
    var body = "{\"handle\": \"stoolpresidente\", \"normalize\": true, \"fields\": [\"id\", \"url\", "
        + "\"metrics.views\", \"media.url\"]}";

    var normalized = tree(asClient().body(body).when().post("/v1/scrape/shortvideo/profile/videos").then()
        .statusCode(200).extract().asString()).get("normalized");

    var item = normalized.at("/items/0");
    assertThat(names(item)).containsExactly("id", "url", "metrics", "media");
    assertThat(item.get("id").asText()).isEqualTo("7470969622276164906");
    assertThat(item.get("url").asText()).isEqualTo("https://www.tiktok.com/@stoolpresidente/video/7470969622276164906");
    assertThat(item.get("metrics").toString()).isEqualTo("{\"views\":141567}");
    assertThat(names(item.at("/media/0"))).containsExactly("url");
    assertThat(item.at("/media/0/url").asText()).startsWith("https://v45.tiktokcdn-eu.com/");
    assertThat(normalized.path("kind").asText()).isEqualTo("posts");
    assertThat(normalized.path("nextCursor").asText()).isEqualTo("1738435195000");
  }

  @Test
  void shouldRefuseAFieldTheKindDoesNotHaveBeforeAskingTheProvider() {
    var body = "{\"handle\": \"stoolpresidente\", \"normalize\": true, \"fields\": [\"id\", \"metrics.plays\"]}";

    var error = tree(asClient().body(body).when().post("/v1/scrape/shortvideo/profile/videos").then()
        .statusCode(400).extract().asString());

    assertThat(error.path("error").asText()).isEqualTo("invalid_request");
    assertThat(error.path("field").asText()).isEqualTo("fields");
    assertThat(error.path("message").asText()).contains("metrics.plays", "posts", "metrics.views");
    wireMock.verify(0, getRequestedFor(urlPathEqualTo("/v3/tiktok/profile/videos")));
  }

  @Test
  void shouldRefuseFieldsWithoutNormalize() {
    var error = tree(asClient().body("{\"handle\": \"stoolpresidente\", \"fields\": [\"id\"]}").when()
        .post("/v1/scrape/shortvideo/profile").then().statusCode(400).extract().asString());

    assertThat(error.path("field").asText()).isEqualTo("fields");
    assertThat(error.path("message").asText()).contains("normalize");
    wireMock.verify(0, getRequestedFor(urlPathEqualTo("/v1/tiktok/profile")));
  }

  /**
   * download_media stages the normalized record's files with the answer's: a file in both is staged once, and both
   * places hold its CDN URL; the call stages no more files than without normalize.
   */
  @Test
  void shouldStageTheNormalizedMediaOnceWithTheAnswer() {
    var upstream = Simulated.upstream("tiktok-video", wireMock);
    Simulated.provider(wireMock, "/v2/tiktok/video", upstream);
    Simulated.mediaStages(wireMock, 0);
    var url = "https://www.tiktok.com/@some.creator/video/7430000000000000007";

    var plain = tree(asClient().body("{\"url\": \"" + url + "\", \"download_media\": true}").when()
        .post("/v1/scrape/shortvideo/video").then().statusCode(200).extract().asString());
    var stagedPlain = wireMock.countRequestsMatching(postRequestedFor(urlPathEqualTo("/internal/staging/url"))
        .build()).getCount();
    wireMock.resetRequests();
    var answer = tree(asClient().body("{\"url\": \"" + url + "\", \"download_media\": true, \"normalize\": true}")
        .when().post("/v1/scrape/shortvideo/video").then().statusCode(200).extract().asString());
    var stagedNormalized = wireMock.countRequestsMatching(postRequestedFor(urlPathEqualTo("/internal/staging/url"))
        .build()).getCount();

    var media = answer.at("/normalized/items/0/media/0");
    assertThat(media.path("type").asText()).isEqualTo("video");
    assertThat(media.path("url").asText()).startsWith(Simulated.CDN)
        .isEqualTo(answer.at("/data/aweme_detail/video/play_addr/url_list/0").asText());
    assertThat(stagedNormalized).isEqualTo(stagedPlain).isEqualTo(answer.at("/meta/staged").asInt());
    assertThat(answer.at("/meta/staged").asInt()).isEqualTo(plain.at("/meta/staged").asInt());
    assertThat(Simulated.httpStrings(answer.get("normalized"))).noneMatch(u -> u.startsWith(wireMock.baseUrl()));
  }

  @Test
  void shouldStageTheNormalizedAvatarWithTheAnswer() {
    Simulated.provider(wireMock, "/v1/instagram/profile", Simulated.upstream("instagram-profile", wireMock));
    Simulated.mediaStages(wireMock, 0);

    var answer = tree(asClient().body("{\"handle\": \"some.creator\", \"download_media\": true, \"normalize\": true}")
        .when().post("/v1/scrape/photo/profile").then().statusCode(200).extract().asString());

    var avatar = answer.at("/normalized/items/0/avatarUrl").asText();
    assertThat(avatar).startsWith(Simulated.CDN);
    assertThat(Simulated.httpStrings(answer.get("data"))).contains(avatar);
    assertThat(answer.at("/normalized/items/0/url").asText()).startsWith("https://www.instagram.com/");
  }

  /** The hand-made fixtures (other spellings of the same answers) normalize too: the kind, and items. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("dev.videoautomation.scrape.publicdata.ScrapeEndpointsTest#endpoints")
  void shouldNormalizeTheHandMadeFixtures(ScrapeEndpointsTest.Case endpoint) {
    Simulated.provider(wireMock, endpoint.upstreamPath(), Simulated.upstream(endpoint.fixture(), wireMock));

    var normalized = tree(asClient().body(withNormalize(endpoint.body())).when()
        .post("/v1/scrape/" + endpoint.path()).then().statusCode(200).extract().asString()).get("normalized");

    assertThat(normalized.path("kind").asText())
        .isEqualTo(Normalizer.kindOf(endpoint.upstreamPath()).orElseThrow().wire());
    assertThat(normalized.path("items").size()).as(normalized.toString()).isPositive();
    var first = normalized.at("/items/0");
    var identity = first.has("id") ? first.get("id") : first.get("text");
    assertThat(identity.isTextual()).as(first.toString()).isTrue();
  }

  /** Every route of the shipped table points at an upstream path with a mapping. */
  @Test
  void shouldMapEveryConfiguredUpstreamPath() {
    config.routes().forEach((route, target) -> assertThat(Normalizer.kindOf(target.path())).as(route).isPresent());
    assertThat(config.routes()).hasSize(24);
  }

  /** The published example of an upstream path: {@code /v1/tiktok/profile} is published/v1-tiktok-profile.json. */
  String published(String upstreamPath) {
    return Simulated.upstream("published/" + upstreamPath.substring(1).replace('/', '-'), wireMock);
  }

  static String withNormalize(String body) {
    return body.equals("{}") ? "{\"normalize\": true}" : body.replaceFirst("}$", ", \"normalize\": true}");
  }

  static List<String> names(JsonNode node) {
    var names = new ArrayList<String>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  private static void expect(JsonNode normalized, String pointer, String expected) {
    var actual = normalized.at(pointer);
    if (expected == null) {
      assertThat(actual.isNull()).as(pointer + " is null, not " + actual).isTrue();
    } else if (expected.startsWith(PREFIX)) {
      assertThat(actual.asText()).as(pointer).startsWith(expected.substring(PREFIX.length()));
    } else if (actual.isContainerNode()) {
      assertThat(actual.toString()).as(pointer).isEqualTo(expected);
    } else {
      assertThat(actual.isMissingNode()).as(pointer + " is there").isFalse();
      assertThat(actual.asText()).as(pointer).isEqualTo(expected);
    }
  }
}
