package dev.videoautomation.gateway.jobs;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/**
 * Both job owners as WireMock servers on loopback: clone-service (which also plays auth, billing, scrape and media)
 * and records-service, each answering {@code GET /internal/jobs} from its own list as §3.14 says (newest first,
 * strictly before {@code before}), so pages can be followed while jobs are added. Streams are shortened (heartbeat
 * 300 ms, end after 3 s) so the tests see both.
 */
public class JobOwnersResource implements QuarkusTestResourceLifecycleManager {
  public static WireMockServer clone;
  public static WireMockServer records;
  static final List<JsonObject> CLONE_JOBS = new CopyOnWriteArrayList<>();
  static final List<JsonObject> RECORDS_JOBS = new CopyOnWriteArrayList<>();

  @Override
  public Map<String, String> start() {
    clone = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1")
        .extensions(new JobList("clone-jobs", CLONE_JOBS)));
    records = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1")
        .extensions(new JobList("records-jobs", RECORDS_JOBS)));
    clone.start();
    records.start();
    return Map.ofEntries(
        Map.entry("gateway.owners.auth", clone.baseUrl()), Map.entry("gateway.owners.billing", clone.baseUrl()),
        Map.entry("gateway.owners.scrape", clone.baseUrl()), Map.entry("gateway.owners.media", clone.baseUrl()),
        Map.entry("gateway.owners.clone", clone.baseUrl()), Map.entry("gateway.owners.records", records.baseUrl()),
        Map.entry("gateway.jobs.stream-heartbeat", "PT0.3S"), Map.entry("gateway.jobs.stream-limit", "PT3S"));
  }

  @Override
  public void stop() {
    if (clone != null) {
      clone.stop();
    }
    if (records != null) {
      records.stop();
    }
  }

  /** An owner's {@code GET /internal/jobs}: its jobs strictly older than {@code before}, newest first. */
  static final class JobList implements ResponseDefinitionTransformerV2 {
    private final String name;
    private final List<JsonObject> jobs;

    JobList(String name, List<JsonObject> jobs) {
      this.name = name;
      this.jobs = jobs;
    }

    @Override
    public ResponseDefinition transform(ServeEvent event) {
      var request = event.getRequest();
      var limit = Integer.parseInt(request.queryParameter("limit").firstValue());
      var before = request.queryParameter("before").isPresent() ? request.queryParameter("before").firstValue()
          : null;
      var order = Comparator.comparingLong((JsonObject job) -> job.getLong("createdAt")).reversed()
          .thenComparing((JsonObject job) -> job.getString("id"), Comparator.reverseOrder());
      var older = jobs.stream().sorted(order).filter(job -> before == null || olderThan(job, before)).toList();
      var page = older.subList(0, Math.min(limit, older.size()));
      var body = new JsonObject().put("data", new JsonArray(List.copyOf(page))).put("more", older.size() > limit);
      return WireMock.aResponse().withStatus(200).withHeader("Content-Type", "application/json")
          .withBody(body.encode()).build();
    }

    private static boolean olderThan(JsonObject job, String before) {
      var dot = before.indexOf('.');
      var createdAt = Long.parseLong(before.substring(0, dot));
      var id = before.substring(dot + 1);
      var at = job.getLong("createdAt");
      return at < createdAt || at == createdAt && job.getString("id").compareTo(id) < 0;
    }

    @Override
    public boolean applyGlobally() {
      return false;
    }

    @Override
    public String getName() {
      return name;
    }
  }
}
