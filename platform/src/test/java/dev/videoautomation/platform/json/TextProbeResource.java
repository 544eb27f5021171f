package dev.videoautomation.platform.json;

import java.util.List;
import java.util.Map;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A test-only resource taking text in every shape a request body holds it: field, list, list of objects, free-form
 * map and tree.
 */
@Path("/v1/probe/texts")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class TextProbeResource {
  public record Texts(String name, List<String> labels, Map<String, Object> metadata, JsonNode document,
      Integer count, Boolean flag, List<Tag> tags) {
  }

  public record Tag(String key, String value) {
  }

  @POST
  public Texts echo(Texts body) {
    return body;
  }
}
