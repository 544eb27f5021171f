package dev.videoautomation.records.common;

import static dev.videoautomation.records.Simulated.as;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.containsString;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.TestTokens;
import dev.videoautomation.platform.testing.WireMockResource;
import dev.videoautomation.records.Simulated;

/** List rules (newest first, cursors, ANDed tag filters), tenancy, and bad input answered without a 500. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = Simulated.PROPERTIES))
class ListsAndTenancyTest {

  private String reference(String client, String title, String color, String size) {
    return as(client).body("{\"url\": \"https://example.net/" + title + "\", \"title\": \"" + title + "\", "
            + "\"tags\": [{\"key\": \"color\", \"value\": \"" + color + "\"}, {\"key\": \"size\", \"value\": \""
            + size + "\"}]}")
        .when().post("/v1/references").then().statusCode(201).extract().path("id");
  }

  @Test
  void shouldPageNewestFirstAcrossCursorsWithAndedTagFilters() {
    var client = Simulated.newClient();
    var created = new ArrayList<String>();
    for (int i = 0; i < 7; i++) {
      created.add(reference(client, "r" + i, i % 2 == 0 ? "red" : "blue", i < 4 ? "s" : "l"));
    }
    var newestFirst = new ArrayList<>(created.reversed());

    var seen = new ArrayList<String>();
    String cursor = null;
    var pages = 0;
    do {
      var spec = as(client).queryParam("limit", 3);
      if (cursor != null) {
        spec.queryParam("cursor", cursor);
      }
      var page = spec.when().get("/v1/references").then().statusCode(200).extract().jsonPath();
      seen.addAll(page.getList("data.id", String.class));
      cursor = page.getString("nextCursor");
      pages++;
    } while (cursor != null);
    assertThat(pages).isEqualTo(3);
    assertThat(seen).containsExactlyElementsOf(newestFirst);

    var red = as(client).queryParam("tag.color", "red").when().get("/v1/references").then().statusCode(200)
        .extract().jsonPath().getList("data.id", String.class);
    assertThat(red).containsExactly(created.get(6), created.get(4), created.get(2), created.get(0));
    var redAndSmall = as(client).queryParam("tag.color", "red").queryParam("tag.size", "s").queryParam("limit", 1)
        .when().get("/v1/references").then().statusCode(200).extract().jsonPath();
    assertThat(redAndSmall.getList("data.id", String.class)).containsExactly(created.get(2));
    var next = as(client).queryParam("tag.color", "red").queryParam("tag.size", "s").queryParam("limit", 1)
        .queryParam("cursor", redAndSmall.getString("nextCursor")).when().get("/v1/references").then()
        .statusCode(200).extract().jsonPath();
    assertThat(next.getList("data.id", String.class)).containsExactly(created.get(0));
    assertThat(next.getString("nextCursor")).isNull();
    as(client).queryParam("tag.color", "green").when().get("/v1/references").then()
        .body("data.size()", equalTo(0)).body("nextCursor", nullValue());
  }

  @Test
  void shouldRefuseTextTheDatabaseCannotStoreAs400() {
    var client = Simulated.newClient();
    as(client).body("{\"url\": \"https://example.com/r\", \"notes\": \"a\\u0000b\"}")
        .when().post("/v1/references").then().statusCode(400)
        .body("error", equalTo("invalid_request")).body("message", org.hamcrest.Matchers.containsString("U+0000"));
    as(client).body("{\"name\": \"p\", \"timeline\": {\"t\": \"\\u0000\"}}")
        .when().post("/v1/projects").then().statusCode(400).body("error", equalTo("invalid_request"));
    as(client).when().get("/v1/references").then().statusCode(200).body("data.size()", equalTo(0));
  }

  @Test
  void shouldRefuseBadListParametersNamingThem() {
    var client = Simulated.newClient();
    as(client).queryParam("limit", 500).when().get("/v1/references").then().statusCode(400)
        .body("field", equalTo("limit"));
    as(client).queryParam("cursor", "garbage!").when().get("/v1/posts").then().statusCode(400)
        .body("field", equalTo("cursor"));
    as(client).queryParam("tag.", "x").when().get("/v1/assets").then().statusCode(400)
        .body("error", equalTo("invalid_request"));
    as(client).queryParam("status", "gone").when().get("/v1/projects").then().statusCode(400)
        .body("field", equalTo("status"));
  }

  @Test
  void shouldHideEveryRecordFromAnotherClientAs404() {
    var alice = Simulated.newClient();
    var bob = Simulated.newClient();
    var id = reference(alice, "mine", "red", "s");
    String project = as(alice).body("{\"name\": \"P\"}").when().post("/v1/projects").then().statusCode(201)
        .extract().path("id");

    as(bob).when().get("/v1/references/" + id).then().statusCode(404).body("error", equalTo("not_found"));
    as(bob).body("{\"title\": \"stolen\"}").when().put("/v1/references/" + id).then().statusCode(404);
    as(bob).body("{\"id\": \"" + id + "\", \"title\": \"stolen\"}").when().put("/v1/references").then()
        .statusCode(404);
    as(bob).when().delete("/v1/references/" + id).then().statusCode(404);
    as(bob).queryParam("id", id).when().delete("/v1/references").then().statusCode(404);
    as(bob).when().delete("/v1/projects/" + project).then().statusCode(404);
    as(bob).when().get("/v1/references").then().statusCode(200).body("data.size()", equalTo(0));

    as(alice).when().get("/v1/references/" + id).then().statusCode(200).body("title", equalTo("mine"));
    as(alice).when().get("/v1/projects/" + project).then().statusCode(200).body("status", equalTo("draft"));
  }

  @Test
  void shouldAnswerBadInputWith400sThatNameTheFieldAndNever500() {
    var client = Simulated.newClient();
    for (var path : List.of("/v1/accounts", "/v1/posts", "/v1/references", "/v1/assets", "/v1/projects",
        "/v1/campaigns")) {
      as(client).when().get(path + "/not-an-id").then().statusCode(400).body("field", equalTo("id"));
      as(client).when().get(path + "/" + "x".repeat(300)).then().statusCode(400);
      as(client).body("{\"surprise\": 1}").when().post(path).then().statusCode(400)
          .body("error", equalTo("invalid_request")).body("field", equalTo("surprise"));
      as(client).body("{not json").when().post(path).then().statusCode(400).body("error", equalTo("invalid_request"));
      as(client).body("[]").when().post(path).then().statusCode(400).body("error", equalTo("invalid_request"));
      as(client).when().put(path).then().statusCode(400).body("error", equalTo("invalid_request"));
      as(client).when().delete(path).then().statusCode(400).body("field", equalTo("id"));
      as(client).body("{\"id\": 5}").when().delete(path).then().statusCode(400).body("field", equalTo("id"));
      as(client).body("{\"id\": \"a\", \"id\": \"b\"}").when().delete(path).then().statusCode(400)
          .body("field", equalTo("id")).body("message", containsString("more than once"));
    }
    as(client).body("{\"url\": \"https://e.net/a\", \"tags\": [{\"key\": \"a\", \"key\": \"b\", \"value\": \"1\"}]}")
        .when().post("/v1/references").then().statusCode(400).body("field", equalTo("tags[0].key"));
    as(client).body("{\"url\": \"https://e.net/a\", \"tags\": [{\"key\": \"\", \"value\": \"v\"}]}")
        .when().post("/v1/references").then().statusCode(400).body("field", equalTo("tags[0].key"));
    as(client).body("{\"url\": \"https://e.net/a\", \"tags\": [{\"key\": \"a\", \"value\": \"1\"}, "
            + "{\"key\": \"a\", \"value\": \"2\"}]}")
        .when().post("/v1/references").then().statusCode(400).body("field", equalTo("tags[1].key"));
    var tooMany = new StringBuilder("[");
    for (int i = 0; i < 51; i++) {
      tooMany.append(i == 0 ? "" : ",").append("{\"key\": \"k").append(i).append("\", \"value\": \"v\"}");
    }
    as(client).body("{\"url\": \"https://e.net/a\", \"tags\": " + tooMany + "]}").when().post("/v1/references")
        .then().statusCode(400).body("field", equalTo("tags"));
    as(client).body("{\"url\": \"https://e.net/a\", \"tags\": [{\"key\": \"k\", \"value\": \"v\", \"x\": 1}]}")
        .when().post("/v1/references").then().statusCode(400).body("field", equalTo("tags[0].x"));
    as(client).body("{\"name\": \"P\", \"timeline\": 7}").when().post("/v1/projects").then().statusCode(400)
        .body("field", equalTo("timeline")).body("message", not(containsString("Exception")));
  }

  @Test
  void shouldRefuseAServiceTokenWhereAClientIsNeeded() {
    given().auth().oauth2(TestTokens.forService("gateway-service")).when().get("/v1/references").then()
        .statusCode(401).body("error", equalTo("unauthorized"));
  }
}
