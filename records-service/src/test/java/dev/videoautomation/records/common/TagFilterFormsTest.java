package dev.videoautomation.records.common;

import static dev.videoautomation.records.Simulated.as;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.lists.TagFilters;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;
import dev.videoautomation.records.Simulated;

/**
 * The tag filters as the document declares them ({@code tag}, deepObject) and as callers send them: brackets raw or
 * percent-encoded, the older dotted form, and both together.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = Simulated.PROPERTIES))
class TagFilterFormsTest {
  private static final List<String> KINDS = List.of("accounts", "posts", "references", "assets", "projects",
      "campaigns");

  private String reference(String client, String color, String size) {
    return as(client).body("{\"url\": \"https://example.net/" + color + size + "\", \"tags\": [{\"key\": \"color\", "
            + "\"value\": \"" + color + "\"}, {\"key\": \"size\", \"value\": \"" + size + "\"}]}")
        .when().post("/v1/references").then().statusCode(201).extract().path("id");
  }

  /** The ids listed for {@code query}, sent exactly as written (no encoding added). */
  private static List<String> listed(String client, String query) {
    return as(client).urlEncodingEnabled(false).when().get("/v1/references?" + query).then().statusCode(200)
        .extract().jsonPath().getList("data.id", String.class);
  }

  @Test
  void shouldDeclareTheTagFilterAsADeepObjectOnEveryList() {
    var document = given().accept("application/json").when().get("/q/openapi").then().statusCode(200).extract()
        .jsonPath();
    for (var kind : KINDS) {
      List<Map<String, String>> parameters = document.getList("paths.'/v1/" + kind + "'.get.parameters");
      assertThat(parameters).as(kind).contains(Map.of("$ref", "#/components/parameters/TagFilter"));
    }
    var filter = "components.parameters.TagFilter";
    assertThat(document.getString(filter + ".name")).isEqualTo(TagFilters.PARAMETER);
    assertThat(document.getString(filter + ".in")).isEqualTo("query");
    assertThat(document.getString(filter + ".style")).isEqualTo("deepObject");
    assertThat(document.getBoolean(filter + ".explode")).isTrue();
    assertThat(document.getString(filter + ".schema.type")).isEqualTo("object");
    assertThat(document.getInt(filter + ".schema.maxProperties")).isEqualTo(TagFilters.MAX_FILTERS);
    assertThat(document.getString(filter + ".schema.additionalProperties.type")).isEqualTo("string");
    assertThat(document.getInt(filter + ".schema.additionalProperties.maxLength"))
        .isEqualTo(TagFilters.MAX_VALUE_LENGTH);
    assertThat(document.getString(filter + ".description")).contains("`tag[<key>]=<value>`", "`tag.<key>=<value>`",
        "At most " + TagFilters.MAX_FILTERS, "1 to " + TagFilters.MAX_KEY_LENGTH,
        "at most " + TagFilters.MAX_VALUE_LENGTH);
  }

  @Test
  void shouldFilterOnBracketsRawOrEncodedAndOnBothFormsTogether() {
    var client = Simulated.newClient();
    var redSmall = reference(client, "red", "s");
    var redLarge = reference(client, "red", "l");
    reference(client, "blue", "s");

    assertThat(listed(client, "tag[color]=red")).containsExactly(redLarge, redSmall);
    assertThat(listed(client, "tag%5Bcolor%5D=red")).containsExactly(redLarge, redSmall);
    assertThat(listed(client, "tag%5bcolor%5d=red&tag[size]=s")).containsExactly(redSmall);
    assertThat(listed(client, "tag.color=red&tag%5Bsize%5D=l")).containsExactly(redLarge);
    assertThat(listed(client, "tag.color=red")).containsExactly(redLarge, redSmall);
  }

  @Test
  void shouldRefuseAKeyGivenInBothFormsNamingTheSecond() {
    as(Simulated.newClient()).urlEncodingEnabled(false).when().get("/v1/references?tag.color=red&tag%5Bcolor%5D=red")
        .then().statusCode(400).body("error", equalTo("invalid_request")).body("field", equalTo("tag[color]"));
  }
}
