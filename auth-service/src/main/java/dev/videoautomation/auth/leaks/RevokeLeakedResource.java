package dev.videoautomation.auth.leaks;

import static dev.videoautomation.auth.openapi.DocumentedForms.KEY_LENGTH;
import static dev.videoautomation.auth.openapi.DocumentedForms.KEY_PATTERN;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.runtime.annotations.RegisterForReflection;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.auth.addresses.AddressLimits;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.json.RequestBodyMapper;
import dev.videoautomation.platform.keys.ApiKeys;
import dev.videoautomation.platform.openapi.SharedAnswers;

/**
 * {@code POST /v1/api_keys/revoke_leaked}: whoever holds a key may have it revoked, no key of their own needed. The
 * same answer for a live, a revoked and an unknown key, after the same work (parse, checksum, one statement that looks
 * the hash up and queues the report); the revocation runs after the answer ({@link LeakRevocations}). The body is the
 * leaked key: it is read here as text and never logged, and no error says what it held.
 */
@Path("/v1/api_keys/revoke_leaked")
@Tag(name = "API keys")
@Produces(MediaType.APPLICATION_JSON)
public class RevokeLeakedResource {
  static final String MALFORMED = "must be an API key as issued: svc_live_ or svc_anon_, then 49 base62 characters "
      + "whose last 6 are the checksum of the rest (the key may have been cut short or changed)";
  static final String NOT_JSON = "send the body as JSON: {\"credential\": \"svc_live_…\"}";

  private final LeakReports reports;
  private final LeakRevocations revocations;
  private final AddressLimits limits;
  private final ObjectMapper json;

  RevokeLeakedResource(LeakReports reports, LeakRevocations revocations, AddressLimits limits,
      RequestBodyMapper bodies) {
    this.reports = reports;
    this.revocations = revocations;
    this.limits = limits;
    this.json = bodies.strict();
  }

  @Schema(name = "LeakedKeyReport")
  public record LeakReport(@Schema(required = true, minLength = KEY_LENGTH, maxLength = KEY_LENGTH,
      pattern = KEY_PATTERN, description = "The leaked key, as found.") String credential) {
  }

  @RegisterForReflection
  @Schema(name = "LeakedKeyReceived")
  public record Received(@Schema(required = true, description = "Always true, whatever the key.") boolean received) {
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(operationId = "revokeLeakedApiKey", summary = "Revoke a leaked key you found")
  @Extension(name = SharedAnswers.ANSWERS, value = "415")
  @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(implementation = LeakReport.class)))
  @APIResponse(responseCode = "200", description = "Received: the key, if live, is revoked within a second",
      content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Received.class)))
  @APIResponse(responseCode = "400", description = "invalid_request: credential is not a key as issued")
  @APIResponse(responseCode = "429")
  public Received revokeLeaked(String body, @Context RoutingContext http) {
    var credential = credentialOf(body);
    if (!ApiKeys.isWellFormed(credential)) {
      throw ApiException.invalidField("credential", MALFORMED);
    }
    limits.takeForLeakReport(AddressLimits.addressOf(http.request()));
    reports.report(credential);
    // The revocation, the event and the mail start once the answer has left: never on the answer's time.
    http.addEndHandler(sent -> revocations.wake());
    return new Received(true);
  }

  /** The body's key; a parse error's own message is not used, as it may quote the key. */
  private String credentialOf(String body) {
    if (body == null || body.isBlank()) {
      throw ApiException.invalidField("credential", "is required: " + NOT_JSON);
    }
    try {
      var report = json.readValue(body, LeakReport.class);
      return report == null ? null : report.credential();
    } catch (JsonProcessingException e) {
      throw ApiException.invalidField("credential", NOT_JSON);
    }
  }
}
