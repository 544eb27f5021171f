package dev.videoautomation.clone;

import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.clone.Simulated.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import java.util.ArrayList;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * Every URL a caller gives passes the URL guard (as in production: loopback refused too) before anything is charged,
 * staged or handed to the provider: the image URLs the provider would fetch and the source video clone stages. This
 * service fetches neither, so neither is resolved here: a name passes as written (the provider, or media's guarded
 * fetch, resolves it), an internal address literal is refused.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties", value =
    "quarkus.rest-client.media-client.url,quarkus.rest-client.billing-client.url,clone.provider.base-url,"
        + "clone.vision.base-url"))
@TestProfile(StrictGuard.class)
class ProviderUrlsTest {
  static final String CLIENT = "cli_providerUrls000000001";
  static final String SOURCE = "med_providerUrlsSource00001";

  @InjectWireMock
  WireMockServer wireMock;

  @BeforeEach
  void world() {
    wireMock.resetAll();
    // Everything a request could reach is there, so that only the guard stands between a bad URL and the stand-in.
    Simulated.billing(wireMock, 6);
    Simulated.staging(wireMock, "image/png");
    Simulated.stored(wireMock, SOURCE, CLIENT, Simulated.continuous(4.0), true);
    Simulated.queue(wireMock, "/fal-ai/nano-banana-pro/edit", "req-urls", "{\"images\": []}");
  }

  /** Where each of the four image fields goes, as {path, body with %s for the URL}. */
  static Stream<Arguments> imageFields() {
    return Stream.of(
        Arguments.of("imageInput", "/v1/images/generate", "{\"prompt\": \"x\", \"imageInput\": \"%s\"}"),
        Arguments.of("referenceImageUrl", "/v1/clones/character",
            "{\"prompt\": \"x\", \"referenceImageUrl\": \"%s\"}"),
        Arguments.of("characterImageUrl", "/v1/clones/frame",
            "{\"videoUrl\": \"" + SOURCE + "\", \"characterImageUrl\": \"%s\"}"),
        Arguments.of("startingFrameUrl", "/v1/clones/video",
            "{\"sourceVideoUrl\": \"" + SOURCE + "\", \"startingFrameUrl\": \"%s\"}"),
        Arguments.of("characterImageUrl", "/v1/clones/video",
            "{\"sourceVideoUrl\": \"" + SOURCE + "\", \"characterImageUrl\": \"%s\"}"));
  }

  /** Internal addresses in every spelling the guard knows, each with the reason it answers. */
  static Stream<Arguments> refusedUrls() {
    var cases = new ArrayList<Arguments>();
    var urls = new String[][] {{"http://127.0.0.1:%d/files/a.png", "loopback"},
        {"http://localhost:%d/files/a.png", "loopback"}, {"http://[::1]:%d/files/a.png", "loopback"},
        {"http://10.0.0.7/a.png", "private_address"}, {"https://192.168.1.20/a.png", "private_address"},
        {"http://[fd00::5]/a.png", "private_address"}, {"http://169.254.169.254/latest/meta-data/", "metadata"},
        {"http://[::ffff:10.0.0.7]/a.png", "private_address"}, {"http://api.localhost/a.png", "loopback"},
        {"http://2130706433/a.png", "ambiguous_host"},
        {"https://user:secret@img.example/a.png", "userinfo"}};
    imageFields().forEach(field -> {
      for (var url : urls) {
        cases.add(Arguments.of(field.get()[0], field.get()[1], field.get()[2], url[0], url[1]));
      }
    });
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} on {1}: {3}")
  @MethodSource("refusedUrls")
  void shouldRefuseInternalImageUrlsBeforeTheProviderSeesThem(String field, String path, String body, String url,
      String reason) {
    var given = url.contains("%d") ? String.format(url, wireMock.port()) : url;
    as(CLIENT).body(String.format(body, given)).when().post(path).then().statusCode(400)
        .body("error", equalTo("url_not_allowed")).body("field", equalTo(field)).body("reason", equalTo(reason));
    assertThat(wireMock.getAllServeEvents()).as("requests the stand-in received").isEmpty();
  }

  @ParameterizedTest(name = "{0} on {1}")
  @MethodSource("imageFields")
  void shouldRefuseAnImageUrlThatIsNotHttp(String field, String path, String body) {
    as(CLIENT).body(String.format(body, "file:///etc/passwd")).when().post(path).then().statusCode(400)
        .body("error", equalTo("invalid_request")).body("field", equalTo(field));
    assertThat(wireMock.getAllServeEvents()).isEmpty();
  }

  @Test
  void shouldRefuseAnInternalSourceVideoBeforeStagingIt() {
    as(CLIENT).body("{\"sourceVideoUrl\": \"http://10.0.0.9/clip.mp4\", \"startingFrameUrl\": "
        + "\"https://img.example/f.png\"}").when().post("/v1/clones/video").then().statusCode(400)
        .body("error", equalTo("url_not_allowed")).body("field", equalTo("sourceVideoUrl"))
        .body("reason", equalTo("private_address"));
    as(CLIENT).body("{\"videoUrl\": \"http://[::1]:" + wireMock.port() + "/clip.mp4\", \"characterImageUrl\": "
        + "\"https://img.example/c.png\"}").when().post("/v1/clones/frame").then().statusCode(400)
        .body("error", equalTo("url_not_allowed")).body("field", equalTo("videoUrl"))
        .body("reason", equalTo("loopback"));
    assertThat(wireMock.getAllServeEvents()).isEmpty();
  }

  @Test
  void shouldHandAnImageUrlOnWithoutResolvingItsName() {
    var url = "https://" + OfflineDns.INTERNAL + "/a.png";
    as(CLIENT).body("{\"prompt\": \"x\", \"imageInput\": \"" + url + "\"}").when().post("/v1/images/generate")
        .then().statusCode(202).body("model", equalTo("fal-ai/nano-banana-pro/edit"));
  }

  @Test
  void shouldPassMediasRefusalOfASourceNameOnNamingTheField() {
    // The name resolves to a private address: clone hands it to media without a lookup; media's guard refuses it.
    wireMock.stubFor(post(urlPathEqualTo("/internal/staging/url")).willReturn(Simulated.json(400, "{\"error\": "
        + "\"url_not_allowed\", \"message\": \"The host 'files.internal.example.net' resolves to 10.1.2.3, which is "
        + "a private address; only public internet addresses are fetched.\", \"reason\": \"private_address\", "
        + "\"address\": \"10.1.2.3\"}")));

    as(CLIENT).body("{\"sourceVideoUrl\": \"https://" + OfflineDns.INTERNAL + "/clip.mp4\", \"startingFrameUrl\": "
        + "\"https://img.example/f.png\"}").when().post("/v1/clones/video").then().statusCode(400)
        .body("error", equalTo("url_not_allowed")).body("field", equalTo("sourceVideoUrl"))
        .body("reason", equalTo("private_address"));
    assertThat(wireMock.findAll(postRequestedFor(urlPathEqualTo("/internal/credits/charge")))).isEmpty();
  }

  @Test
  void shouldPassAPublicImageUrlOnToTheProvider() {
    as(CLIENT).body("{\"prompt\": \"x\", \"imageInput\": \"https://img.example/style.png\"}").when()
        .post("/v1/images/generate").then().statusCode(202).body("model", equalTo("fal-ai/nano-banana-pro/edit"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("imageFields")
  void shouldRefuseAWebhookUrlThatIsNotHttpsBeforeAnythingIsCharged(String field, String path, String body) {
    // Records' deliveries go to https only: an http receiver taken here would never be called.
    var withReceiver = String.format(body, "https://img.example/a.png").replaceFirst("}$",
        ", \"webhookUrl\": \"http://hooks.example.com/in\"}");
    as(CLIENT).body(withReceiver).when().post(path).then().statusCode(400)
        .body("error", equalTo("url_not_allowed")).body("field", equalTo("webhookUrl"))
        .body("reason", equalTo("scheme")).body("message", org.hamcrest.Matchers.containsString("https"));
    assertThat(wireMock.findAll(postRequestedFor(urlPathEqualTo("/internal/credits/charge")))).isEmpty();
  }
}
