package dev.videoautomation.billing.plans;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/** {@code GET /internal/prices}: plans, limits and operation costs, cacheable for five minutes with an ETag. */
@Path("/internal/prices")
public class PricesResource {
  private final PriceList prices;
  private final ObjectMapper json;

  PricesResource(PriceList prices, ObjectMapper json) {
    this.prices = prices;
    this.json = json;
  }

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(hidden = true)
  public Response prices(@HeaderParam("If-None-Match") String ifNoneMatch) throws JsonProcessingException {
    var body = json.writeValueAsString(prices.current());
    var tag = new EntityTag(sha256(body));
    var cache = new CacheControl();
    cache.setMaxAge(300);
    if (ifNoneMatch != null && (ifNoneMatch.contains("\"" + tag.getValue() + "\"") || ifNoneMatch.equals("*"))) {
      return Response.notModified(tag).cacheControl(cache).build();
    }
    return Response.ok(body, MediaType.APPLICATION_JSON_TYPE).tag(tag).cacheControl(cache).build();
  }

  private static String sha256(String text) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
          .digest(text.getBytes(StandardCharsets.UTF_8))).substring(0, 32);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
