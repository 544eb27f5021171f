package dev.videoautomation.gateway.jobs;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.matching;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

import dev.videoautomation.gateway.OwnerStubs;
import dev.videoautomation.platform.testing.PostgresResource;

/** {@code /v1/jobs}: routing by the id's prefix, the merged list under one cursor, cancel. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(JobOwnersResource.class)
class JobsTest {
  OwnerStubs.Holder holder;

  @BeforeEach
  void reset() {
    JobOwnersResource.clone.resetAll();
    JobOwnersResource.records.resetAll();
    JobOwnersResource.CLONE_JOBS.clear();
    JobOwnersResource.RECORDS_JOBS.clear();
    holder = new OwnerStubs(JobOwnersResource.clone).subscribed();
    JobOwnersResource.clone.stubFor(get(urlPathEqualTo("/internal/jobs")).willReturn(aResponse()
        .withTransformers("clone-jobs")));
    JobOwnersResource.records.stubFor(get(urlPathEqualTo("/internal/jobs")).willReturn(aResponse()
        .withTransformers("records-jobs")));
  }

  @Test
  void routesEachIdToItsOwnerByPrefix() {
    for (var id : List.of("vid_1a", "img_2b", "trk_3c")) {
      Jobs.answerView(JobOwnersResource.clone, Jobs.view(id, "running", 1_000));
    }
    for (var id : List.of("acc_4d", "pst_5e")) {
      Jobs.answerView(JobOwnersResource.records, Jobs.view(id, "pending", 1_000));
    }

    for (var id : List.of("vid_1a", "img_2b", "trk_3c", "acc_4d", "pst_5e")) {
      given().auth().oauth2(holder.key()).when().get("/v1/jobs/" + id).then().statusCode(200)
          .body("id", equalTo(id)).body("kind", equalTo(Jobs.kindOf(id)));
    }
    // The owner is asked with a client token (internal-api.md §1.2), never with the caller's key.
    JobOwnersResource.clone.verify(getRequestedFor(urlEqualTo("/internal/jobs/vid_1a"))
        .withHeader("Authorization", matching("Bearer ey.*")));
    JobOwnersResource.records.verify(0, getRequestedFor(urlPathMatching("/internal/jobs/(vid|img|trk)_.*")));
    JobOwnersResource.clone.verify(0, getRequestedFor(urlPathMatching("/internal/jobs/(acc|pst)_.*")));
  }

  @Test
  void anIdNoOwnerHoldsIsA404NamingIt() {
    given().auth().oauth2(holder.key()).when().get("/v1/jobs/whk_9z").then().statusCode(404)
        .body("error", equalTo("not_found")).body("message", containsString("'whk_9z'"));
    given().auth().oauth2(holder.key()).when().post("/v1/jobs/cli_9z/cancel").then().statusCode(404)
        .body("error", equalTo("not_found")).body("message", containsString("'cli_9z'"));
    given().auth().oauth2(holder.key()).when().get("/v1/jobs/abc_1/events").then().statusCode(404)
        .body("error", equalTo("not_found")).body("message", containsString("'abc_1'"));
    JobOwnersResource.clone.verify(0, anyRequestedFor(urlPathMatching("/internal/jobs/.+")));
    JobOwnersResource.records.verify(0, anyRequestedFor(urlPathMatching("/internal/jobs/.+")));
  }

  @Test
  void theOwnersAnswersAreRelayedAsTheyAre() {
    JobOwnersResource.clone.stubFor(get(urlEqualTo("/internal/jobs/vid_gone")).willReturn(aResponse()
        .withStatus(404).withHeader("Content-Type", "application/json")
        .withBody("{\"error\":\"not_found\",\"message\":\"No job vid_gone.\"}")));
    JobOwnersResource.records.stubFor(post(urlEqualTo("/internal/jobs/acc_1/cancel")).willReturn(aResponse()
        .withStatus(409).withHeader("Content-Type", "application/json")
        .withBody("{\"error\":\"not_cancelable\",\"message\":\"An account's verification cannot be canceled.\","
            + "\"status\":\"running\"}")));

    given().auth().oauth2(holder.key()).when().get("/v1/jobs/vid_gone").then().statusCode(404)
        .body("message", equalTo("No job vid_gone."));
    given().auth().oauth2(holder.key()).when().post("/v1/jobs/acc_1/cancel").then().statusCode(409)
        .body("error", equalTo("not_cancelable")).body("status", equalTo("running"));
  }

  @Test
  void cancelNeedsASubscriptionAndReadingDoesNot() {
    var unsubscribed = new OwnerStubs(JobOwnersResource.clone).unsubscribed();
    Jobs.answerView(JobOwnersResource.clone, Jobs.view("vid_r", "running", 1_000));

    given().auth().oauth2(unsubscribed.key()).when().get("/v1/jobs/vid_r").then().statusCode(200);
    given().auth().oauth2(unsubscribed.key()).when().post("/v1/jobs/vid_r/cancel").then().statusCode(403)
        .body("error", equalTo("subscription_required"));
    JobOwnersResource.clone.verify(0, anyRequestedFor(urlEqualTo("/internal/jobs/vid_r/cancel")));
  }

  @Test
  void pagesOfTheMergedListNeitherSkipNorRepeatWhileJobsAreAdded() {
    JobOwnersResource.CLONE_JOBS.addAll(List.of(Jobs.view("vid_a", "running", 100), Jobs.view("img_c", "failed",
        300), Jobs.view("trk_e", "succeeded", 500), Jobs.view("vid_f", "pending", 500)));
    JobOwnersResource.RECORDS_JOBS.addAll(List.of(Jobs.view("acc_b", "running", 200), Jobs.view("pst_d", "pending",
        400), Jobs.view("pst_g", "succeeded", 600)));

    var seen = new ArrayList<String>();
    var first = page(null);
    seen.addAll(first.getList("data.id"));
    assertThat(seen).containsExactly("pst_g", "vid_f", "trk_e");
    // Jobs created meanwhile are newer than every position already read: they belong on a new first page.
    JobOwnersResource.CLONE_JOBS.add(Jobs.view("vid_new", "pending", 10_000));
    JobOwnersResource.RECORDS_JOBS.add(Jobs.view("acc_new", "running", 10_001));
    var cursor = first.getString("nextCursor");
    while (cursor != null) {
      var next = page(cursor);
      seen.addAll(next.getList("data.id"));
      cursor = next.getString("nextCursor");
    }

    assertThat(seen).containsExactly("pst_g", "vid_f", "trk_e", "pst_d", "img_c", "acc_b", "vid_a");
    assertThat(page(null).getList("data.id", String.class)).startsWith("acc_new", "vid_new");
  }

  @Test
  void filtersAskOnlyTheOwnersThatHoldSuchJobs() {
    JobOwnersResource.CLONE_JOBS.add(Jobs.view("vid_a", "running", 100));
    JobOwnersResource.RECORDS_JOBS.add(Jobs.view("acc_b", "running", 200));

    given().auth().oauth2(holder.key()).queryParam("kind", "clone.video").when().get("/v1/jobs").then()
        .statusCode(200).body("data.id", equalTo(List.of("vid_a"))).body("nextCursor", nullValue());
    JobOwnersResource.records.verify(0, getRequestedFor(urlPathEqualTo("/internal/jobs")));

    given().urlEncodingEnabled(false).auth().oauth2(holder.key()).when().get("/v1/jobs?tag.env=prod&tag%5Bteam%5D=a")
        .then().statusCode(200)
        .body("data.id", equalTo(List.of("acc_b")));
    JobOwnersResource.records.verify(getRequestedFor(urlPathEqualTo("/internal/jobs"))
        .withQueryParam("tag.env", matching("prod")).withQueryParam("tag[team]", matching("a")));
    JobOwnersResource.clone.verify(1, getRequestedFor(urlPathEqualTo("/internal/jobs")));

    given().auth().oauth2(holder.key()).queryParam("status", "done").when().get("/v1/jobs").then().statusCode(400)
        .body("error", equalTo("invalid_request")).body("field", equalTo("status"));
    given().auth().oauth2(holder.key()).queryParam("cursor", "nonsense").when().get("/v1/jobs").then()
        .statusCode(400).body("field", equalTo("cursor"));
  }

  private JsonPath page(String cursor) {
    var request = given().auth().oauth2(holder.key()).queryParam("limit", 3);
    if (cursor != null) {
      request.queryParam("cursor", cursor);
    }
    return request.when().get("/v1/jobs").then().statusCode(200).extract().jsonPath();
  }
}
