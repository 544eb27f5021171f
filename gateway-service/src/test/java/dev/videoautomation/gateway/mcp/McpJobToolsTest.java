package dev.videoautomation.gateway.mcp;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.gateway.OwnerStubs;
import dev.videoautomation.gateway.jobs.JobOwnersResource;
import dev.videoautomation.gateway.jobs.JobWatch;
import dev.videoautomation.gateway.jobs.Jobs;
import dev.videoautomation.gateway.openapi.MergedOpenApi;
import dev.videoautomation.platform.testing.PostgresResource;

/** The job tools: getJob, listJobs and cancelJob; {@code wait} sent as Prefer, the job's changes as progress. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(JobOwnersResource.class)
class McpJobToolsTest {
  static final String CLONE_DOCUMENT = """
      {"openapi": "3.0.3", "info": {"title": "Clone", "version": "2026-11-21"},
       "paths": {"/v1/clones/video": {"post": {"operationId": "createCloneVideo", "summary": "Clone a video",
         "security": [{"bearer": []}],
         "parameters": [{"name": "Prefer", "in": "header", "schema": {"type": "string"}}],
         "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object",
           "required": ["sourceVideoUrl"], "properties": {"sourceVideoUrl": {"type": "string"},
           "startingFrameUrl": {"type": "string"}}}}}},
         "responses": {"202": {"description": "created"}}}}}}""";

  @Inject
  MergedOpenApi merged;

  @Inject
  McpTools tools;

  @Inject
  JobWatch watch;

  @TestHTTPResource("/")
  URL gateway;

  final List<McpSyncClient> clients = new ArrayList<>();

  @AfterEach
  void close() {
    clients.forEach(McpSyncClient::closeGracefully);
  }

  @Test
  void getJobWaitsAndReportsTheJobsChangesAsProgress() throws Exception {
    JobOwnersResource.clone.resetAll();
    var holder = new OwnerStubs(JobOwnersResource.clone).subscribed();
    tools.apply(merged.documentKeepingOnlyWhole());
    assertThat(tools.names()).contains("getJob", "listJobs", "cancelJob").doesNotContain("getJobEvents");
    Jobs.answerView(JobOwnersResource.clone, Jobs.view("vid_m1", "running", 1_000));
    var progress = new CopyOnWriteArrayList<McpSchema.ProgressNotification>();
    var client = client(holder.key(), progress);
    var schema = client.listTools().tools().stream().filter(tool -> tool.name().equals("getJob")).findFirst()
        .orElseThrow().inputSchema();
    assertThat(((Map<?, ?>) schema.get("properties")).containsKey("wait")).isTrue();

    try (var pool = Executors.newSingleThreadExecutor()) {
      var call = pool.submit(() -> client.callTool(McpSchema.CallToolRequest.builder("getJob")
          .arguments(Map.of("id", "vid_m1", "wait", 20)).progressToken("p-9").build()));
      var deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      // The tool's follower and the wait's own.
      while (watch.size() < 2 && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      Jobs.notifyChange("vid_m1", holder.clientId(), "running", 2);
      Thread.sleep(300);
      Jobs.answerView(JobOwnersResource.clone, Jobs.view("vid_m1", "succeeded", 1_000));
      Jobs.notifyChange("vid_m1", holder.clientId(), "succeeded", 3);

      var result = call.get();
      assertThat(result.isError()).as(result.toString()).isFalse();
      assertThat(((Map<?, ?>) result.structuredContent()).get("status")).isEqualTo("succeeded");
    }
    assertProgress(progress, "Calling GET /v1/jobs/{id}", "Job vid_m1 is running (event 2)",
        "Job vid_m1 is succeeded (event 3)", "Answered");
    assertThat(watch.size()).isZero();
  }

  @Test
  void aCreatingToolThatWaitsReportsTheCreatedJobsChangesAsProgress() throws Exception {
    JobOwnersResource.clone.resetAll();
    var holder = new OwnerStubs(JobOwnersResource.clone).subscribed();
    // The gateway's own document beside clone's creating operation, as clone's document declares it.
    tools.apply(merged.merge(Map.of("clone", new ObjectMapper().readTree(CLONE_DOCUMENT)), new ArrayList<>()));
    JobOwnersResource.clone.stubFor(post(urlEqualTo("/v1/clones/video")).willReturn(aResponse().withStatus(202)
        .withHeader("Content-Type", "application/json")
        .withBody("{\"id\":\"vid_m2\",\"status\":\"pending\",\"resultUrl\":null,\"webhookSecret\":\"whsec_once\"}")));
    Jobs.answerView(JobOwnersResource.clone, Jobs.view("vid_m2", "running", 1_000));
    var progress = new CopyOnWriteArrayList<McpSchema.ProgressNotification>();
    var creating = client(holder.key(), progress);
    try (var pool = Executors.newSingleThreadExecutor()) {
      var call = pool.submit(() -> creating.callTool(McpSchema.CallToolRequest.builder("createCloneVideo")
          .arguments(Map.of("body", Map.of("sourceVideoUrl", "https://videos.example/a.mp4", "startingFrameUrl",
              "https://images.example/f.png"), "wait", 20))
          .progressToken("p-10").build()));
      var deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      // The tool's follower of the created job and the wait's own.
      while (watch.size() < 2 && !call.isDone() && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertThat(watch.size()).as(() -> "followers; answered: " + (call.isDone() ? call.state() == Future.State.SUCCESS
          ? call.resultNow() : call.exceptionNow() : "not yet"))
          .isEqualTo(2);
      Jobs.notifyChange("vid_m2", holder.clientId(), "running", 2);
      Thread.sleep(300);
      JobOwnersResource.clone.stubFor(get(urlEqualTo("/v1/clones/video/vid_m2")).willReturn(aResponse()
          .withStatus(200).withHeader("Content-Type", "application/json")
          .withBody("{\"id\":\"vid_m2\",\"status\":\"succeeded\",\"resultUrl\":\"https://cdn.example/v.mp4\"}")));
      Jobs.answerView(JobOwnersResource.clone, Jobs.view("vid_m2", "succeeded", 1_000));
      Jobs.notifyChange("vid_m2", holder.clientId(), "succeeded", 3);

      var result = call.get();
      assertThat(result.isError()).as(result.toString()).isFalse();
      assertThat(((Map<?, ?>) result.structuredContent()).get("status")).isEqualTo("succeeded");
    }
    assertProgress(progress, "Calling POST /v1/clones/video", "Job vid_m2 is running (event 2)",
        "Job vid_m2 is succeeded (event 3)", "Answered");
    assertThat(watch.size()).isZero();
    // The replica-local follow token is the gateway's own: the owner never sees it.
    JobOwnersResource.clone.verify(postRequestedFor(urlEqualTo("/v1/clones/video"))
        .withoutHeader(JobWatch.CREATION_HEADER));
  }

  /** The notifications arrive after the answer's own; waits for them briefly, then checks them in order. */
  private static void assertProgress(List<McpSchema.ProgressNotification> progress, String... messages)
      throws InterruptedException {
    var until = System.nanoTime() + Duration.ofSeconds(2).toNanos();
    while (progress.size() < messages.length && System.nanoTime() < until) {
      Thread.sleep(20);
    }
    assertThat(progress).extracting(McpSchema.ProgressNotification::message).containsExactly(messages);
  }

  private McpSyncClient client(String key, List<McpSchema.ProgressNotification> progress) {
    var client = McpClient.sync(HttpClientStreamableHttpTransport.builder(gateway.toString().replaceAll("/$", ""))
        .endpoint("/mcp").httpRequestCustomizer((builder, method, uri, body, context) ->
            builder.header("X-Api-Key", key)).build())
        .requestTimeout(Duration.ofSeconds(30)).progressConsumer(progress::add).build();
    clients.add(client);
    client.initialize();
    return client;
  }
}
