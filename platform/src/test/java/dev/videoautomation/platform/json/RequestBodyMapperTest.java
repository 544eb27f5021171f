package dev.videoautomation.platform.json;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import java.util.Map;
import java.util.Set;

import jakarta.inject.Inject;

import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;

import dev.videoautomation.platform.calls.MediaApi;
import dev.videoautomation.platform.testing.TestTokens;

/**
 * Callers' bodies: text with U+0000 and numbers or booleans where text belongs are 400s naming the field, wherever
 * the text sits. What the services read from others (the shared mapper, the REST clients) is taken as it comes.
 */
@QuarkusTest
@WithTestResource(RequestBodyMapperTest.SimulatedMedia.class)
class RequestBodyMapperTest {
  private static final String TEXTS = "/v1/probe/texts";
  private static final String NUL = "\\u0000";

  @Inject
  ObjectMapper shared;

  @Inject
  @RestClient
  MediaApi media;

  /** media-service's internal API on loopback, answering a record whose text holds U+0000. */
  public static class SimulatedMedia implements QuarkusTestResourceLifecycleManager {
    private WireMockServer server;

    @Override
    public Map<String, String> start() {
      server = new WireMockServer(WireMockConfiguration.options().dynamicPort().bindAddress("127.0.0.1"));
      server.start();
      server.stubFor(get("/internal/media/med_nul").willReturn(okJson("{\"id\":\"med_nul\",\"url\":\"https://cdn/x\","
          + "\"sourceUrl\":\"caption" + NUL + "tail\",\"sizeBytes\":5}")));
      return Map.of("quarkus.rest-client.media-client.url", server.baseUrl());
    }

    @Override
    public void stop() {
      server.stop();
    }
  }

  private static ValidatableResponse post(String body) {
    return given().header("Authorization", "Bearer " + TestTokens.forClient("cli_test", Set.of("api.write"), null))
        .contentType("application/json").body(body).when().post(TEXTS).then();
  }

  private static void refusedNaming(String body, String field) {
    post(body).statusCode(400).body("error", equalTo("invalid_request")).body("field", equalTo(field))
        .body("message", equalTo("Field '" + field + "' holds a NUL character (U+0000), which cannot be stored; "
            + "remove it."));
  }

  @Test
  void shouldTakeAnyOtherTextAsItIs() {
    post("{\"name\":\"caf\\u00e9 \\ud83c\\udfac \\u0001\",\"labels\":[\"a\"],\"metadata\":{\"n\":5,\"t\":\"x\"},"
        + "\"document\":{\"tracks\":[{\"clip\":\"c1\"}]}}")
        .statusCode(200).body("name", equalTo("café 🎬 \u0001")).body("metadata.n", equalTo(5))
        .body("document.tracks[0].clip", equalTo("c1"));
  }

  @Test
  void shouldNameATextFieldHoldingNul() {
    refusedNaming("{\"name\":\"a" + NUL + "b\"}", "name");
  }

  @Test
  void shouldNameTheListElementHoldingNul() {
    refusedNaming("{\"labels\":[\"ok\",\"bad" + NUL + "\"]}", "labels[1]");
  }

  @Test
  void shouldNameTheEntryOfAFreeFormMapHoldingNul() {
    refusedNaming("{\"metadata\":{\"take\":3,\"note\":\"" + NUL + "\"}}", "metadata.note");
    refusedNaming("{\"metadata\":{\"k" + NUL + "\":1}}", "metadata");
    // Deeper inside an untyped value the first level is named: enough to find it.
    post("{\"metadata\":{\"outer\":{\"inner\":[\"x" + NUL + "\"]}}}").statusCode(400)
        .body("field", startsWith("metadata.outer"));
  }

  @Test
  void shouldNameThePlaceInADocumentHoldingNul() {
    refusedNaming("{\"document\":{\"tracks\":[{\"clip\":\"c1\"},{\"clip\":\"c" + NUL + "\"}]}}",
        "document.tracks[1].clip");
  }

  @Test
  void shouldRefuseANumberOrBooleanWhereTextBelongs() {
    post("{\"name\":5}").statusCode(400).body("field", equalTo("name")).body("message", equalTo("Field 'name' must be a string."));
    post("{\"labels\":[true]}").statusCode(400).body("field", equalTo("labels[0]"));
  }

  @Test
  void shouldRefuseTextWhereANumberOrBooleanBelongs() {
    post("{\"count\":\"10\"}").statusCode(400).body("error", equalTo("invalid_request"))
        .body("field", equalTo("count"));
    post("{\"count\":\"\"}").statusCode(400).body("field", equalTo("count"));
    post("{\"flag\":\"true\"}").statusCode(400).body("field", equalTo("flag"));
    post("{\"count\":10,\"flag\":true}").statusCode(200).body("count", equalTo(10)).body("flag", equalTo(true));
  }

  @Test
  void shouldNameTextHoldingALoneSurrogate() {
    var complaint = "holds a lone UTF-16 surrogate (\\uD800 to \\uDFFF without its pair), which cannot be stored "
        + "exactly; send the whole character or remove it.";
    post("{\"name\":\"\\ud800\"}").statusCode(400).body("field", equalTo("name"))
        .body("message", equalTo("Field 'name' " + complaint));
    post("{\"name\":\"a\\udfffb\"}").statusCode(400).body("field", equalTo("name"));
    post("{\"labels\":[\"\\ud83c\\udfac\",\"x\\udc00\"]}").statusCode(400).body("field", equalTo("labels[1]"));
    post("{\"metadata\":{\"k\\ud800\":1}}").statusCode(400).body("field", equalTo("metadata"));
    post("{\"document\":{\"t\":[\"\\ud800\"]}}").statusCode(400).body("field", equalTo("document.t[0]"));
  }

  @Test
  void shouldReadOtherServicesAnswersAsTheyCome() throws Exception {
    assertThat(shared.readValue("{\"name\":\"a\\u0000b\"}", TextProbeResource.Texts.class).name())
        .isEqualTo("a\u0000b");
    assertThat(shared.readValue("{\"name\":5}", TextProbeResource.Texts.class).name()).isEqualTo("5");
    var found = media.find("med_nul");
    assertThat(found.sourceUrl()).isEqualTo("caption\u0000tail");
  }
}
