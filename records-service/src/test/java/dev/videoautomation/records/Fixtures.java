package dev.videoautomation.records;

import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.records.Simulated.as;
import static dev.videoautomation.records.Simulated.json;

import com.github.tomakehurst.wiremock.WireMockServer;

import dev.videoautomation.records.accounts.AccountVerifier;

/** Records other tests build on, made through the API against the simulated services. */
public final class Fixtures {
  public static final String FOUND = """
      {"exists": true, "platform": "shortvideo", "handle": "some.creator", "displayName": "Some Creator",
       "followers": 10432, "profileUrl": "https://www.tiktok.com/@some.creator"}""";

  private Fixtures() {
  }

  /** Media stages every URL as a fresh object with a CDN URL (a response template). */
  public static void mediaStages(WireMockServer server) {
    server.stubFor(post(urlPathEqualTo("/internal/staging/url")).willReturn(json(201,
        "{\"id\": \"med_{{randomValue length=22 type='ALPHANUMERIC'}}\", \"url\": \"" + Simulated.CDN
            + "m/med_{{randomValue length=22 type='ALPHANUMERIC'}}/clip.mp4\", \"contentType\": \"video/mp4\", "
            + "\"sizeBytes\": 18342211, \"durationSeconds\": 14.93, \"width\": 720, \"height\": 1280, "
            + "\"sourceUrl\": \"{{jsonPath request.body '$.url'}}\", \"createdAt\": 1763700000000, "
            + "\"someFutureField\": true}").withTransformers("response-template")));
  }

  /** An active shortvideo account of {@code client}. */
  public static String activeAccount(WireMockServer server, AccountVerifier verifier, String client) {
    Simulated.billingCharges(server, 10);
    Simulated.lookup(server, "some.creator", 200, FOUND);
    String id = as(client).body("{\"platform\": \"shortvideo\", \"name\": \"some.creator\"}").when()
        .post("/v1/accounts").then().statusCode(202).extract().path("id");
    verifier.runOnce();
    return id;
  }

  /** An asset of {@code client}; returns {id, url}. */
  public static String[] asset(WireMockServer server, String client) {
    mediaStages(server);
    var answer = as(client).body("{\"url\": \"https://videos.example.net/clip.mp4\"}").when().post("/v1/assets")
        .then().statusCode(201).extract().jsonPath();
    return new String[] {answer.getString("id"), answer.getString("url")};
  }
}
