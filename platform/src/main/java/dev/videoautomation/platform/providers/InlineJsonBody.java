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
import java.util.Arrays;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A JSON request body in which files ({@link InlineFile}) stand as data URIs ({@code data:<type>;base64,…}). The
 * JSON around them is written first with a marker in each file's place; the body is then streamed: JSON bytes, each file's base64 read
 * from disk as it is sent. Its exact length is known up front and sent as {@code Content-Length} (servers and proxies
 * that read only bodies with a length refuse chunked ones), and memory does not grow with the files.
 */
final class InlineJsonBody {
  private static final Pattern MEDIA_TYPE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9!#$&^_.+-]+");
  private static final int CHUNK = 3 * 8192;

  private InlineJsonBody() {
  }

  /** The publisher of {@code body} (maps, lists and values; {@link InlineFile} values become data URIs). */
  static HttpRequest.BodyPublisher of(ObjectMapper json, Object body) throws IOException {
    var files = new ArrayList<InlineFile>();
    var marker = "vas-inline-" + UUID.randomUUID() + "-";
    var bytes = json.writeValueAsBytes(replace(body, files, marker));
    if (files.isEmpty()) {
      return HttpRequest.BodyPublishers.ofByteArray(bytes);
    }
    var pieces = new ArrayList<Supplier<InputStream>>();
    long length = 0;
    int from = 0;
    var token = marker.getBytes(StandardCharsets.US_ASCII);
    for (int found = 0; found < files.size(); found++) {
      int at = indexOf(bytes, token, from);
      int end = at + token.length;
      while (end < bytes.length && Character.isDigit(bytes[end])) {
        end++;
      }
      if (at < 0 || end == at + token.length) {
        throw new IllegalStateException("An inline file's place was not found in the JSON body");
      }
      var file = files.get(Integer.parseInt(new String(bytes, at + token.length, end - at - token.length,
          StandardCharsets.US_ASCII)));
      var head = concat(Arrays.copyOfRange(bytes, from, at), prefix(file).getBytes(StandardCharsets.US_ASCII));
      pieces.add(() -> new ByteArrayInputStream(head));
      pieces.add(() -> new Base64Stream(open(file.file())));
      length += head.length + base64Length(Files.size(file.file()));
      from = end;
    }
    var tail = Arrays.copyOfRange(bytes, from, bytes.length);
    pieces.add(() -> new ByteArrayInputStream(tail));
    length += tail.length;
    return HttpRequest.BodyPublishers.fromPublisher(HttpRequest.BodyPublishers.ofInputStream(
        () -> new SequenceInputStream(Collections.enumeration(pieces.stream().map(Supplier::get).toList()))), length);
  }

  /** A copy of {@code value} with each inline file replaced by {@code marker} and its index among {@code files}. */
  private static Object replace(Object value, List<InlineFile> files, String marker) {
    if (value instanceof InlineFile file) {
      files.add(file);
      return marker + (files.size() - 1);
    }
    if (value instanceof Map<?, ?> map) {
      var copy = new LinkedHashMap<Object, Object>();
      map.forEach((key, item) -> copy.put(key, replace(item, files, marker)));
      return copy;
    }
    if (value instanceof List<?> list) {
      return list.stream().map(item -> replace(item, files, marker)).toList();
    }
    return value;
  }

  private static String prefix(InlineFile file) {
    var type = file.contentType() != null && MEDIA_TYPE.matcher(file.contentType()).matches() ? file.contentType()
        : "application/octet-stream";
    return "data:" + type + ";base64,";
  }

  static long base64Length(long bytes) {
    return 4 * ((bytes + 2) / 3);
  }

  private static int indexOf(byte[] haystack, byte[] needle, int from) {
    outer:
    for (int i = from; i <= haystack.length - needle.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  private static byte[] concat(byte[] first, byte[] second) {
    var both = Arrays.copyOf(first, first.length + second.length);
    System.arraycopy(second, 0, both, first.length, second.length);
    return both;
  }

  private static InputStream open(Path file) {
    try {
      return Files.newInputStream(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Base64 of a stream, encoded as it is read, in whole 3-byte groups so only the end is padded. */
  private static final class Base64Stream extends InputStream {
    private final InputStream in;
    private final Base64.Encoder encoder = Base64.getEncoder();
    private byte[] out = new byte[0];
    private int position;

    Base64Stream(InputStream in) {
      this.in = in;
    }

    @Override
    public int read() throws IOException {
      if (!filled()) {
        return -1;
      }
      return out[position++] & 0xff;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      if (length == 0) {
        return 0;
      }
      if (!filled()) {
        return -1;
      }
      int n = Math.min(length, out.length - position);
      System.arraycopy(out, position, buffer, offset, n);
      position += n;
      return n;
    }

    private boolean filled() throws IOException {
      if (position < out.length) {
        return true;
      }
      var raw = in.readNBytes(CHUNK);
      out = encoder.encode(raw);
      position = 0;
      return out.length > 0;
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }
}
