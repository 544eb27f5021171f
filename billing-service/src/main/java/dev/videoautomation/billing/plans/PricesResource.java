package dev.videoautomation.billing.plans;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.videoautomation.platform.hashes.Hashes;

/**
 * {@code GET /internal/prices} (docs/internal-api.md §3.4.4), any subject: cacheable for five minutes, with an ETag
 * of the body so that a caller revalidates with {@code If-None-Match} and gets 304.
 */
@Path("/internal/prices")
public class PricesResource {
  static final int MAX_AGE_SECONDS = 300;

  private final PriceList prices;
  private final ObjectMapper json;

  PricesResource(PriceList prices, ObjectMapper json) {
    this.prices = prices;
    this.json = json;
  }

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(hidden = true)
  public Response prices(@Context Request request) throws JsonProcessingException {
    var body = json.writeValueAsString(prices.current());
    var tag = new EntityTag(etag(body));
    var cache = new CacheControl();
    cache.setNoTransform(false);
    cache.setMaxAge(MAX_AGE_SECONDS);
    var notModified = request.evaluatePreconditions(tag);
    if (notModified != null) {
      return notModified.tag(tag).cacheControl(cache).build();
    }
    return Response.ok(body, MediaType.APPLICATION_JSON_TYPE).tag(tag).cacheControl(cache).build();
  }

  /** The first 16 bytes of the body's SHA-256, in hex: enough to tell price lists apart. */
  private static String etag(String text) {
    return Hashes.sha256Hex(text).substring(0, 32);
  }
}
