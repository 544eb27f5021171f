package dev.videoautomation.gateway.jobs;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;

import java.sql.DriverManager;
import java.sql.SQLException;

import org.eclipse.microprofile.config.ConfigProvider;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.vertx.core.json.JsonObject;

/** Job views, owner stubs and real {@code job_events} notifications for the gateway's job tests. */
public final class Jobs {
  private Jobs() {
  }

  public static String kindOf(String id) {
    return switch (id.substring(0, 4)) {
      case "vid_" -> "clone.video";
      case "img_" -> "image";
      case "trk_" -> "music";
      case "acc_" -> "account.verify";
      default -> "post.publish";
    };
  }

  /** A job view as the owners answer it (docs/jobs.md). */
  public static JsonObject view(String id, String status, long createdAt) {
    return new JsonObject().put("id", id).put("kind", kindOf(id)).put("status", status).put("progress", null)
        .put("createdAt", createdAt).put("updatedAt", createdAt).put("startedAt", null)
        .put("finishedAt", null).put("deadlineAt", createdAt + 3_600_000).put("creditsCharged", 0)
        .put("creditsRefunded", 0).put("result", null).put("error", null)
        .put("links", new JsonObject().put("self", "/v1/jobs/" + id).put("events", "/v1/jobs/" + id + "/events")
            .put("resource", "/v1/x/" + id));
  }

  /** Makes {@code owner} answer {@code GET /internal/jobs/{id}} with this view from now on. */
  public static void answerView(WireMockServer owner, JsonObject view) {
    owner.stubFor(get(urlEqualTo("/internal/jobs/" + view.getString("id"))).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody(view.encode())));
  }

  /** Sends a {@code job_events} notification on the test database, as an owner's transaction would on commit. */
  public static void notifyChange(String jobId, String clientId, String status, long seq) {
    var config = ConfigProvider.getConfig();
    var url = config.getValue("quarkus.datasource.jdbc.url", String.class);
    var user = config.getOptionalValue("quarkus.datasource.username", String.class).orElse(null);
    var password = config.getOptionalValue("quarkus.datasource.password", String.class).orElse(null);
    var payload = new JsonObject().put("v", 1).put("event", "job.changed").put("jobId", jobId)
        .put("clientId", clientId).put("status", status).put("seq", seq).put("at", System.currentTimeMillis());
    try (var connection = DriverManager.getConnection(url, user, password);
         var statement = connection.prepareStatement("SELECT pg_notify('job_events', ?)")) {
      statement.setString(1, payload.encode());
      statement.execute();
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
