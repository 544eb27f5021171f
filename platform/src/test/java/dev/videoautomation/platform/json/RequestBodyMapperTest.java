package dev.videoautomation.platform.json;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.hamcrest.Matchers.startsWith;

import java.util.Map;
import java.util.Set;

import jakarta.inject.Inject;

import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.core.JsonParseException;
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
 * Callers' bodies: text with U+0000, numbers or booleans where text belongs, fractions where integers belong and keys
 * given twice are 400s naming the field, wherever it sits. What the services read from others (the shared mapper,
 * the REST clients) is taken as it comes.
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
  void shouldRefuseAFractionOrExponentWhereAnIntegerBelongs() {
    var complaint = "Field 'count' must be an integer (no fraction or exponent).";
    post("{\"count\":10.5}").statusCode(400).body("error", equalTo("invalid_request"))
        .body("field", equalTo("count")).body("message", equalTo(complaint));
    // JSON Schema's integer in OpenAPI 3.0 is a number without fraction or exponent: 10.0 and 1e1 are not.
    post("{\"count\":10.0}").statusCode(400).body("field", equalTo("count"));
    post("{\"count\":1e1}").statusCode(400).body("field", equalTo("count"));
    post("{\"metadata\":{\"ratio\":0.5}}").statusCode(200).body("metadata.ratio", equalTo(0.5f));
  }

  @Test
  void shouldNameAKeyGivenTwiceByItsPath() {
    var complaint = "appears more than once in its object; send each field once.";
    post("{\"name\":\"a\",\"name\":\"b\"}").statusCode(400).body("error", equalTo("invalid_request"))
        .body("field", equalTo("name")).body("message", equalTo("Field 'name' " + complaint));
    post("{\"tags\":[{\"key\":\"k\",\"value\":\"v\"},{\"key\":\"a\",\"key\":\"b\"}]}").statusCode(400)
        .body("field", equalTo("tags[1].key")).body("message", equalTo("Field 'tags[1].key' " + complaint));
    // Free-form documents too, at any depth, and whatever the two values are.
    post("{\"metadata\":{\"outer\":{\"n\":1,\"n\":1}}}").statusCode(400).body("field", equalTo("metadata.outer.n"));
    post("{\"document\":{\"tracks\":[{\"clip\":\"c1\"},{\"clip\":\"c2\",\"clip\":null}]}}").statusCode(400)
        .body("field", equalTo("document.tracks[1].clip"));
    // The same key in two objects is not a duplicate.
    post("{\"tags\":[{\"key\":\"a\"},{\"key\":\"b\"}],\"metadata\":{\"key\":1}}").statusCode(200)
        .body("tags[1].key", equalTo("b"));
  }

  @Test
  void shouldKnowJacksonsWordingOfADuplicate() {
    // DuplicateKeys recognises the refusal by its text: an upgrade that rewords it must fail here, not in production.
    var thrown = assertThrows(JsonParseException.class,
        () -> new RequestBodyMapper(shared).strict().readTree("{\"a\":{\"b\":1,\"b\":2}}"));
    assertThat(DuplicateKeys.field(thrown)).contains("a.b");
    assertThat(DuplicateKeys.field(new JsonParseException(null, "Unexpected end-of-input"))).isEmpty();
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
    // A provider's answer with a key twice, or a fraction in an integer, is read as it comes (scrape's data).
    assertThat(shared.readValue("{\"count\":10.5}", TextProbeResource.Texts.class).count()).isEqualTo(10);
    assertThat(shared.readTree("{\"data\":{\"id\":1,\"id\":2}}").at("/data/id").asInt()).isEqualTo(2);
    var found = media.find("med_nul");
    assertThat(found.sourceUrl()).isEqualTo("caption\u0000tail");
  }
}
