package dev.videoautomation.platform.providers;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;

/**
 * A {@code multipart/form-data} body whose files are streamed from disk, with repeated fields allowed
 * ({@code timestamp_granularities[]}). Its exact length is worked out before sending, so it goes with
 * {@code Content-Length}; the files are opened only when the client starts sending.
 */
public final class MultipartBody {
  private MultipartBody() {
  }

  /** One multipart field: text, or a file streamed from disk. */
  public record Part(String name, String value, Path file, String contentType) {
    public static Part text(String name, String value) {
      return new Part(name, value, null, null);
    }

    public static Part file(String name, Path file, String contentType) {
      return new Part(name, null, file, contentType);
    }
  }

  static ProviderBody of(List<Part> parts) {
    var boundary = "vas-" + UUID.randomUUID();
    var publisher = HttpRequest.BodyPublishers.fromPublisher(
        HttpRequest.BodyPublishers.ofInputStream(() -> body(boundary, parts)), length(boundary, parts));
    return new ProviderBody("multipart/form-data; boundary=" + boundary, publisher);
  }

  private static InputStream body(String boundary, List<Part> parts) {
    var streams = new ArrayList<InputStream>();
    for (var part : parts) {
      streams.add(bytes(head(boundary, part)));
      if (part.file() != null) {
        streams.add(open(part.file()));
        streams.add(bytes("\r\n"));
      }
    }
    streams.add(bytes(tail(boundary)));
    return new SequenceInputStream(Collections.enumeration(streams));
  }

  /** The exact number of bytes {@link #body} sends. */
  static long length(String boundary, List<Part> parts) {
    long length = utf8Length(tail(boundary));
    for (var part : parts) {
      length += utf8Length(head(boundary, part));
      if (part.file() != null) {
        length += size(part.file()) + 2;
      }
    }
    return length;
  }

  /** A part's text up to its file's bytes; a text part whole. */
  private static String head(String boundary, Part part) {
    var head = new StringBuilder("--").append(boundary).append("\r\n")
        .append("Content-Disposition: form-data; name=\"").append(part.name()).append('"');
    if (part.file() != null) {
      return head.append("; filename=\"").append(part.file().getFileName()).append("\"\r\n")
          .append("Content-Type: ").append(part.contentType()).append("\r\n\r\n").toString();
    }
    return head.append("\r\n\r\n").append(part.value()).append("\r\n").toString();
  }

  private static String tail(String boundary) {
    return "--" + boundary + "--\r\n";
  }

  private static InputStream bytes(String text) {
    return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
  }

  private static long utf8Length(String text) {
    return text.getBytes(StandardCharsets.UTF_8).length;
  }

  private static long size(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static InputStream open(Path file) {
    try {
      return Files.newInputStream(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
