package dev.videoautomation.media.upload;

import java.util.List;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;

import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import dev.videoautomation.media.library.ContentTypes;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.spending.DryRuns;
import dev.videoautomation.platform.spending.SpendingOperation;
import dev.videoautomation.platform.token.CurrentCaller;

/**
 * The dry run of {@code POST /v1/upload} (issue 32): judged on the headers alone, with the real call's rules and
 * limit, before anything reads the body. A request filter, so that a multipart body is not parsed either (the form is
 * read after the filters). The declared length is {@code Upload-Length}, the name draft-ietf-httpbis-resumable-upload
 * gives it, which the gateway sends with no body; else {@code Content-Length}, when media is called directly.
 */
public class UploadDryRun {
  static final String UPLOAD_LENGTH = "Upload-Length";

  private final Uploads uploads;
  private final CurrentCaller caller;
  private final DryRuns dryRuns;

  UploadDryRun(Uploads uploads, CurrentCaller caller, DryRuns dryRuns) {
    this.uploads = uploads;
    this.caller = caller;
    this.dryRuns = dryRuns;
  }

  /**
   * A raw body: its Content-Type (400 without one, 415 for one never accepted) and file name, then the declared
   * length against the limit (413). A multipart form: only the declared length, which counts the form's framing too;
   * the file's own type is inside the body, judged by the real call.
   */
  @ServerRequestFilter
  @DryRunOnHeaders
  public void judge(ContainerRequestContext request) {
    if (!dryRuns.requested()) {
      return;
    }
    var contentType = request.getHeaderString(HttpHeaders.CONTENT_TYPE);
    var multipart = ContentTypes.bare(contentType).equals(MediaType.MULTIPART_FORM_DATA);
    var fileName = request.getUriInfo().getQueryParameters().getFirst("filename");
    if (!multipart) {
      UploadResource.checkRawHeaders(contentType, fileName);
    }
    var target = new Uploads.Target(caller.requireClientId(), UploadResource.PURPOSE, fileName, List.of(), null);
    uploads.judgeStream(target, multipart ? null : contentType, declaredLength(request));
    dryRuns.stopIfRequested(SpendingOperation.UPLOAD_MEDIA);
  }

  /**
   * {@code Upload-Length}, else {@code Content-Length} (read as text: {@code getLength()} is -1 past 2 GiB, just where
   * the limit lies); null when neither is sent (a chunked body, judged by the real call as it is read).
   */
  private static Long declaredLength(ContainerRequestContext request) {
    var uploadLength = request.getHeaderString(UPLOAD_LENGTH);
    if (uploadLength != null) {
      return length(uploadLength, UPLOAD_LENGTH);
    }
    var contentLength = request.getHeaderString(HttpHeaders.CONTENT_LENGTH);
    return contentLength == null ? null : length(contentLength, HttpHeaders.CONTENT_LENGTH);
  }

  private static long length(String value, String header) {
    try {
      var length = Long.parseLong(value.strip());
      if (length >= 0) {
        return length;
      }
    } catch (NumberFormatException e) {
      // refused below, as a negative length is
    }
    throw ApiException.invalidField(header, "must be the body's length in bytes, a whole number");
  }
}
