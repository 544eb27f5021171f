package dev.videoautomation.media.library;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;

import org.jboss.resteasy.reactive.FilePart;

import dev.videoautomation.platform.errors.ApiException;

/**
 * The bytes of a stored object as an HTTP answer: a strong ETag (objects never change), long cache lifetime,
 * conditional GET, and single byte ranges as 206. Local files are sent with sendfile, never through the heap.
 */
@ApplicationScoped
public class ObjectResponses {
  static final String CACHE_FOREVER = "public, max-age=31536000, immutable";
  private final MediaLibrary library;

  public ObjectResponses(MediaLibrary library) {
    this.library = library;
  }

  /**
   * The object stored in local storage under {@code key}, as the CDN serves it; with S3 storage objects are served from
   * the bucket's public URL, so a key there is as absent as one never stored (404).
   */
  public Response ofLocal(String key, String range, String ifNoneMatch, String ifRange, boolean headOnly) {
    var object = library.findByKey(key).filter(found -> found.storage.equals("local"))
        .orElseThrow(() -> ApiException.notFound("The object /cdn/" + key));
    return of(object, range, ifNoneMatch, ifRange, headOnly);
  }

  public Response of(MediaObject object, String range, String ifNoneMatch, String ifRange, boolean headOnly) {
    var etag = "\"" + object.id + "\"";
    if (ifNoneMatch != null && (ifNoneMatch.contains(etag) || ifNoneMatch.strip().equals("*"))) {
      return Response.notModified().header(HttpHeaders.ETAG, etag).header(HttpHeaders.CACHE_CONTROL, CACHE_FOREVER)
          .build();
    }
    long size = object.sizeBytes;
    ByteRange byteRange;
    try {
      // If-Range with another validator means "the object changed": send it whole.
      byteRange = ifRange != null && !ifRange.strip().equals(etag) ? null : ByteRange.parse(range, size).orElse(null);
    } catch (ByteRange.Unsatisfiable e) {
      return Response.status(416).header("Content-Range", "bytes */" + size).header("Accept-Ranges", "bytes")
          .header(HttpHeaders.ETAG, etag).build();
    }
    long offset = byteRange == null ? 0 : byteRange.first();
    long length = byteRange == null ? size : byteRange.length();
    var builder = Response.status(byteRange == null ? 200 : 206)
        .type(object.contentType)
        .header(HttpHeaders.ETAG, etag)
        .header(HttpHeaders.CACHE_CONTROL, CACHE_FOREVER)
        .header("Accept-Ranges", "bytes")
        .header(HttpHeaders.CONTENT_LENGTH, length);
    if (byteRange != null) {
      builder.header("Content-Range", byteRange.contentRange(size));
    }
    if (headOnly || length == 0) {
      return builder.build();
    }
    var localFile = library.localPath(object);
    if (localFile.isPresent()) {
      return builder.entity(new FilePart(localFile.get().toFile(), offset, length)).build();
    }
    StreamingOutput body = out -> {
      try (var in = library.open(object, offset, length)) {
        in.transferTo(out);
      }
    };
    return builder.entity(body).build();
  }
}
