package dev.videoautomation.scrape.media;

import java.time.temporal.ChronoUnit;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;

import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;
import org.eclipse.microprofile.rest.client.inject.RestClient;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.logging.Log;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * Stages outside files through media-service. Staging is not idempotent (each call stores a new object), so it is
 * never retried; a refusal comes back as {@link StagingRefused} carrying media's own error code and fields, so
 * 400 url_not_allowed, 413 and 415 reach the agent unchanged.
 */
@ApplicationScoped
public class MediaClient {
  private final MediaRestClient media;
  private final ObjectMapper json;

  MediaClient(@RestClient MediaRestClient media, ObjectMapper json) {
    this.media = media;
    this.json = json;
  }

  /** Stores the file at {@code url} for {@code clientId}; {@code allowed} narrows the content types (or null). */
  @Timeout(value = 120, unit = ChronoUnit.SECONDS)
  public StagedFile stage(String url, String clientId, String purpose, List<String> allowed) {
    try {
      return media.stageUrl(new StageUrlRequest(url, clientId, purpose, null, allowed, null));
    } catch (WebApplicationException e) {
      throw refused(e);
    } catch (ProcessingException e) {
      Log.warnf("Media-service unreachable while staging: %s", e.getMessage());
      throw new StagingRefused(ApiError.of(ErrorCode.SERVICE_UNAVAILABLE, "The media service could not be reached.")
          .withSetup("Retry in a moment."));
    } catch (TimeoutException e) {
      throw new StagingRefused(ApiError.of(ErrorCode.UPSTREAM_TIMEOUT, "Staging the file took too long.")
          .withSetup("Retry later; the file's host is slow."));
    }
  }

  private StagingRefused refused(WebApplicationException e) {
    var status = e.getResponse().getStatus();
    JsonNode body = null;
    try {
      body = json.readTree(e.getResponse().readEntity(String.class));
    } catch (Exception unreadable) {
      // media always answers JSON errors; anything else is treated by status alone
    }
    var code = body == null ? null : ErrorCode.fromCode(body.path("error").asText(""));
    if (code == null) {
      code = status >= 500 ? ErrorCode.UPSTREAM_ERROR : ErrorCode.forStatus(status);
    }
    var message = body == null ? "" : body.path("message").asText("");
    var error = ApiError.of(code, message.isBlank() ? "The file could not be staged." : message).withStatus(status);
    if (body != null) {
      for (var field : List.of("reason", "limit", "contentType", "upstreamStatus", "field", "address")) {
        if (body.hasNonNull(field)) {
          error = error.with(field, json.convertValue(body.get(field), Object.class));
        }
      }
    }
    return new StagingRefused(error);
  }
}
