package dev.videoautomation.platform.providers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A request body and its media type. Every body is sent with {@code Content-Length}: several OpenAI-compatible
 * servers and proxies read only bodies with a length (a chunked upload is answered "file is required"), so even
 * bodies streamed from disk have their length worked out first.
 */
public record ProviderBody(String contentType, HttpRequest.BodyPublisher publisher) {

  /** {@code value} (maps, lists, records and values) as JSON; {@link InlineFile}s in it become data URIs. */
  public static ProviderBody json(ObjectMapper json, Object value) {
    try {
      return new ProviderBody("application/json", InlineJsonBody.of(json, value));
    } catch (IOException e) {
      throw new UncheckedIOException("Could not write a provider request body", e);
    }
  }

  /** {@code multipart/form-data} whose files are streamed from disk. */
  public static ProviderBody multipart(List<MultipartBody.Part> parts) {
    return MultipartBody.of(parts);
  }

  /** {@code application/x-www-form-urlencoded}, in the map's order. */
  public static ProviderBody form(Map<String, String> fields) {
    var text = fields.entrySet().stream().map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
        .collect(Collectors.joining("&"));
    return new ProviderBody("application/x-www-form-urlencoded", HttpRequest.BodyPublishers.ofString(text));
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }
}
