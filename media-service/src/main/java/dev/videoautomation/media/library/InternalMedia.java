package dev.videoautomation.media.library;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.token.CurrentCaller;

/**
 * Stored objects as in-suite readers ask for them (docs/internal-api.md §3.8): a service token sees every object, a
 * client's token only the client's own; another client's object is as absent as one that never existed.
 */
@ApplicationScoped
public class InternalMedia {
  private final MediaLibrary library;
  private final ObjectResponses responses;
  private final CurrentCaller caller;

  public InternalMedia(MediaLibrary library, ObjectResponses responses, CurrentCaller caller) {
    this.library = library;
    this.responses = responses;
    this.caller = caller;
  }

  public MediaRecord byId(String id) {
    return library.internalRecord(visible(library.find(id).orElse(null), id));
  }

  public MediaRecord byUrl(String url) {
    return library.internalRecord(visible(library.findByUrl(url).orElse(null), "at that URL"));
  }

  /** The object's bytes as the CDN would answer them. */
  public Response content(String id, String range, String ifNoneMatch, String ifRange) {
    return responses.of(visible(library.find(id).orElse(null), id), range, ifNoneMatch, ifRange, false);
  }

  private MediaObject visible(MediaObject object, String what) {
    var current = caller.require();
    if (object == null || (!current.isService() && !current.subject().equals(object.clientId))) {
      throw ApiException.notFound("Media " + what);
    }
    return object;
  }
}
