package dev.videoautomation.scrape.common;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;

import dev.videoautomation.platform.errors.ApiError;

/**
 * Scrape error bodies always carry {@code setup} (reference: error, message, setup). Errors raised here set their
 * own; this fills in a sentence for the agent on the ones the platform renders (bad bodies, unknown fields).
 */
@Provider
public class ScrapeErrorSetup implements ContainerResponseFilter {
  private static final String UNSUPPORTED = "unsupported_media_type";
  private static final String SEND_JSON = "Send the body as JSON with Content-Type: application/json.";

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    if (!(response.getEntity() instanceof ApiError error) || error.extra().containsKey("setup")) {
      return;
    }
    var path = request.getUriInfo().getPath();
    if (path.startsWith("/v1/scrape") || path.startsWith("/v1/videos/download")) {
      var code = error.getError();
      // A 415 is about the caller's body when it was not JSON; otherwise it is media's verdict on the post's file.
      response.setEntity(error.withSetup(UNSUPPORTED.equals(code) && !json(request) ? SEND_JSON : setupFor(code)));
    }
  }

  private static boolean json(ContainerRequestContext request) {
    var type = request.getMediaType();
    return type != null && type.isCompatible(MediaType.APPLICATION_JSON_TYPE);
  }

  static String setupFor(String code) {
    return switch (code) {
      case "invalid_request" -> "Fix the field named in 'field' (see /v1/openapi.json for this endpoint's body) and "
          + "send the request again.";
      case "url_not_allowed" -> "Pass a public http(s) URL of the platform's post.";
      case "payload_too_large" -> "The file is larger than the CDN accepts; pick a shorter video.";
      case "unsupported_media_type" -> "The file is not a video the CDN accepts; pass a post with an mp4 video.";
      case "unauthorized" -> "Send a valid API key in Authorization: Bearer.";
      case "not_found" -> "Check the path and the handle or URL, then try again.";
      case "service_unavailable" -> "Retry in a moment, with backoff.";
      case "upstream_error" -> "Retry later, with backoff.";
      case "upstream_timeout" -> "Retry later; the source was slow to answer.";
      default -> "Retry later; if it persists, report the request id from X-Request-Id.";
    };
  }
}
