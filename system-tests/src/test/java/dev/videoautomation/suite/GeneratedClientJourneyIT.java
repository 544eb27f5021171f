package dev.videoautomation.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.DeserializationFeature;

import dev.videoautomation.client.ApiClient;
import dev.videoautomation.client.ApiException;
import dev.videoautomation.client.api.AgentRegistrationApi;
import dev.videoautomation.client.api.BillingApi;
import dev.videoautomation.client.api.DiscoveryAndUsageApi;
import dev.videoautomation.client.api.IntelligenceApi;
import dev.videoautomation.client.api.MediaApi;
import dev.videoautomation.client.api.RecordsEditorProjectsApi;
import dev.videoautomation.client.api.RecordsReferencesApi;
import dev.videoautomation.client.model.AgentRegistrationRequest;
import dev.videoautomation.client.model.ExtractFramesRequest;
import dev.videoautomation.client.model.ExtractRequest;
import dev.videoautomation.client.model.ProjectCreate;
import dev.videoautomation.client.model.ReferenceCreate;
import dev.videoautomation.client.model.ReferenceUpdate;
import dev.videoautomation.client.model.SubscribeRequest;
import dev.videoautomation.client.model.Tag;
import dev.videoautomation.suite.contract.ContractHttpClient;
import dev.videoautomation.suite.contract.JudgingClientBuilder;

/**
 * An agent that knows the API only from {@code /v1/openapi.json}: it drives the suite with the Java client
 * openapi-generator makes from the committed snapshot at build time (system-tests/pom.xml), unedited. Every call the
 * client makes goes through {@link JudgingClientBuilder}, so the snapshot judges each request and answer as well.
 * Method names are the document's operationIds, classes its tags and schema names: a renamed operation or schema,
 * a missing response schema or a wrongly declared body breaks this test at compile or run time, as it would break
 * the agent.
 */
@ExtendWith(RunningSuite.class)
class GeneratedClientJourneyIT {
  private static final Pattern FORM_ACTION = Pattern.compile("<form method=\"post\" action=\"([^\"]+)\"");

  @Test
  void shouldServeAnAgentThatKnowsTheApiOnlyFromItsDocument() throws Exception {
    // Anonymous registration, then usage and pricing with what it issued.
    var registration = new AgentRegistrationApi(client(null)).registerAgent(new AgentRegistrationRequest()
        .type(AgentRegistrationRequest.TypeEnum.ANONYMOUS)
        .requestedCredentialType(AgentRegistrationRequest.RequestedCredentialTypeEnum.API_KEY));
    var anonymous = registration.getAnonymousRegistration();
    assertThat(anonymous.getCredential()).startsWith("svc_anon_");
    assertThat(anonymous.getClaimToken()).isNotBlank();
    var anonymousUsage = new DiscoveryAndUsageApi(client(anonymous.getCredential())).getUsage();
    assertThat(anonymousUsage.getClientId()).startsWith("cli_");
    var pricing = new BillingApi(client(null)).getPricing();
    assertThat(pricing.getOperations()).extracting(price -> price.getOperation()).contains("clone.render");

    // Keyless subscribe, the checkout page's form posted as a browser does, the key from credits/status once.
    var billing = new BillingApi(client(null));
    var checkout = billing.createCheckoutSession(null, new SubscribeRequest()
        .email("generated-" + UUID.randomUUID() + "@suite.test"));
    assertThat(String.valueOf(billing.getCheckoutStatus(checkout.getSessionId()).getStatus())).isEqualTo("pending");
    payThroughTheCheckoutPage(String.valueOf(checkout.getCheckoutUrl()));
    var paid = billing.getCheckoutStatus(checkout.getSessionId());
    assertThat(String.valueOf(paid.getStatus())).isEqualTo("complete");
    assertThat(paid.getCredential()).startsWith("svc_live_");
    assertThat(billing.getCheckoutStatus(checkout.getSessionId()).getCredential()).as("the key is shown once")
        .isNull();
    var agent = client(paid.getCredential());
    var clientId = new DiscoveryAndUsageApi(agent).getUsage().getClientId();
    assertThat(clientId).startsWith("cli_");

    referencesFromCreateToDelete(agent);
    projectArchived(agent);
    var mediaId = uploadedAndExtracted(agent);
    rateLimitedAsATypedError(agent, mediaId);
  }

  /**
   * References: create (tagged) with an {@code Idempotency-Key} and again with the same key (replayed), the
   * tag-filtered list, a cursor over two pages, update, delete. The key and the filter are the generated methods'
   * own parameters, declared by the document.
   */
  private static void referencesFromCreateToDelete(ApiClient agent) throws ApiException {
    var references = new RecordsReferencesApi(agent);
    var campaign = "gen-" + UUID.randomUUID().toString().substring(0, 8);
    var tagged = new ReferenceCreate().url("https://www.tiktok.com/@someone/video/7300000000000000011")
        .platform(ReferenceCreate.PlatformEnum.SHORTVIDEO).notes("the hook at 0:02")
        .tags(List.of(new Tag().key("campaign").value(campaign)));
    var idempotencyKey = UUID.randomUUID().toString();
    var created = references.createReferenceWithHttpInfo(tagged, idempotencyKey);
    assertThat(created.getStatusCode()).isEqualTo(201);
    assertThat(created.getHeaders()).as("a first answer is no replay").doesNotContainKey("Idempotent-Replayed");
    var first = created.getData();
    assertThat(first.getId()).startsWith("ref_");
    assertThat(first.getTitle()).as("answered null, typed nullable").isNull();
    var replayed = references.createReferenceWithHttpInfo(tagged, idempotencyKey);
    assertThat(replayed.getStatusCode()).isEqualTo(201);
    assertThat(replayed.getHeaders().get("Idempotent-Replayed")).containsExactly("true");
    assertThat(replayed.getData()).as("the first answer again").isEqualTo(first);
    var second = references.createReference(new ReferenceCreate()
        .url("https://www.tiktok.com/@someone/video/7300000000000000012"), null);
    assertThat(second.getNotes()).isNull();

    // tag[campaign]=<campaign>: only the first, once (the replay created nothing); the untagged second is left out.
    var filtered = references.listReferences(null, null, null, Map.of("campaign", campaign));
    assertThat(filtered.getData()).extracting(reference -> reference.getId()).containsExactly(first.getId());
    assertThat(filtered.getNextCursor()).as("the last page").isNull();
    var unfiltered = references.listReferences(null, null, null, null);
    assertThat(unfiltered.getData()).extracting(reference -> reference.getId())
        .containsExactly(second.getId(), first.getId());

    var page = references.listReferences(null, null, 1, null);
    assertThat(page.getData()).hasSize(1);
    assertThat(page.getNextCursor()).isNotBlank();
    var next = references.listReferences(null, page.getNextCursor(), 1, null);
    assertThat(next.getData()).hasSize(1);
    assertThat(next.getData().getFirst().getId()).isNotEqualTo(page.getData().getFirst().getId());

    var updated = references.updateReference(first.getId(), new ReferenceUpdate().notes("the hook at 0:03"));
    assertThat(updated.getNotes()).isEqualTo("the hook at 0:03");
    assertThat(updated.getTags()).extracting(tag -> tag.getValue()).containsExactly(campaign);
    var deleted = references.deleteReference(second.getId());
    assertThat(deleted.getId()).isEqualTo(second.getId());
    var missing = catchThrowableOfType(ApiException.class, () -> references.getReference(second.getId()));
    assertThat(missing.getCode()).isEqualTo(404);
  }

  private static void projectArchived(ApiClient agent) throws ApiException {
    var projects = new RecordsEditorProjectsApi(agent);
    var project = projects.createProject(new ProjectCreate().name("generated edit")
        .timeline(Map.of("tracks", List.of())), null);
    assertThat(String.valueOf(project.getStatus())).isEqualTo("draft");
    var archived = projects.archiveProject(project.getId());
    assertThat(archived.getId()).isEqualTo(project.getId());
    assertThat(String.valueOf(archived.getStatus())).isEqualTo("archived");
  }

  /** An upload of the journey clip and an extract of one frame from it; the media's id. */
  private static String uploadedAndExtracted(ApiClient agent) throws Exception {
    var stored = new MediaApi(agent).uploadMedia(MediaJourneyIT.clip().toFile(), null, null, null)
        .getStoredMedia();
    assertThat(stored.getId()).startsWith("med_");
    assertThat(stored.getContentType()).isEqualTo("video/mp4");
    var extract = new IntelligenceApi(agent).extractMedia(new ExtractRequest().videoUrl(stored.getUrl())
        .frames(new ExtractFramesRequest().count(1)), null, null).getExtractResult();
    assertThat(extract.getSource().getMediaId()).isEqualTo(stored.getId());
    assertThat(extract.getFrames()).hasSize(1);
    assertThat(extract.getMetadata().getWidth()).isEqualTo(320);
    return stored.getId();
  }

  /** The extract bucket spent to its end (metadata-only extracts are cheap): the next call is a typed 429. */
  private static void rateLimitedAsATypedError(ApiClient agent, String mediaId) throws Exception {
    var intelligence = new IntelligenceApi(agent);
    var remaining = new DiscoveryAndUsageApi(agent).getUsage().getUsage().get("extract").getRemaining();
    for (long i = 0; i < remaining; i++) {
      intelligence.extractMedia(new ExtractRequest().mediaId(mediaId), null, null);
    }
    var refused = catchThrowableOfType(ApiException.class,
        () -> intelligence.extractMedia(new ExtractRequest().mediaId(mediaId), null, null));
    assertThat(refused.getCode()).isEqualTo(429);
    assertThat(refused.getResponseHeaders().firstValue("Retry-After")).isPresent();
    var error = agent.getObjectMapper().readValue(refused.getResponseBody(),
        dev.videoautomation.client.model.Error.class);
    assertThat(error.getError()).isEqualTo("rate_limited");
    assertThat(error.getLimit().longValue()).isEqualTo(100L);
    assertThat(error.getRetryAfter()).isPositive();
  }

  /** The checkout page is HTML for a human: read and posted over plain HTTP, still judged by the snapshot. */
  private static void payThroughTheCheckoutPage(String checkoutUrl) throws Exception {
    var http = ContractHttpClient.judging(HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(5)).build());
    var page = URI.create(checkoutUrl);
    assertThat(page.getPort()).isEqualTo(RunningSuite.suite().port(Service.GATEWAY));
    var html = http.send(HttpRequest.newBuilder(page).timeout(Duration.ofSeconds(30)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(html.statusCode()).isEqualTo(200);
    var action = FORM_ACTION.matcher(html.body());
    assertThat(action.find()).as("the checkout form in %s", html.body()).isTrue();
    var paid = http.send(HttpRequest.newBuilder(page.resolve(action.group(1))).timeout(Duration.ofSeconds(30))
        .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.noBody())
        .build(), HttpResponse.BodyHandlers.ofString());
    assertThat(paid.statusCode()).isEqualTo(200);
    assertThat(paid.body()).contains("Paid");
  }

  /**
   * A client of the gateway, with the key as an agent sends it ({@code X-Api-Key}; the native library leaves
   * credentials to the caller), whose every exchange the snapshot judges.
   */
  private static ApiClient client(String key) {
    var client = new ApiClient().setHttpClientBuilder(new JudgingClientBuilder(HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5))))
        .setReadTimeout(Duration.ofSeconds(60));
    // The 200 of an operation that takes a dry run is a oneOf of its real body and DryRun; the generator's oneOf
    // deserializer tells two objects apart only when a property one of them lacks fails it (docs/openapi.md).
    client.setObjectMapper(ApiClient.createDefaultObjectMapper()
        .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true));
    client.updateBaseUri(RunningSuite.suite().baseUri(Service.GATEWAY).toString().replaceAll("/$", ""));
    if (key != null) {
      client.setRequestInterceptor(request -> request.header("X-Api-Key", key));
    }
    return client;
  }
}
