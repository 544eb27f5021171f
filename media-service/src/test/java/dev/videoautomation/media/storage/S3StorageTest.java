package dev.videoautomation.media.storage;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.absent;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.delete;
import static com.github.tomakehurst.wiremock.client.WireMock.deleteRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.exactly;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.matching;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;

import dev.videoautomation.platform.calls.OwnMedia;
import dev.videoautomation.platform.errors.ApiException;

/**
 * {@link S3Storage} through the real AWS SDK against WireMock speaking S3 over plain HTTP, path-style.
 *
 * <p>What the SDK (2.57) actually sends for a PutObject over HTTP with checksum validation off: a SigV4 signature
 * over a streaming payload ({@code x-amz-content-sha256: STREAMING-AWS4-HMAC-SHA256-PAYLOAD},
 * {@code Content-Encoding: aws-chunked}, {@code x-amz-decoded-content-length}) whose body is the file in signed
 * chunks and no checksum trailer. The tests decode the chunks and compare the bytes.
 */
class S3StorageTest {
  private static final String BUCKET = "media-bucket";
  private static final String KEY = "m/med_abc123XYZ/clip.mp4";
  private static final String OBJECT_PATH = "/" + BUCKET + "/" + KEY;
  private static final String PUBLIC_BASE = "https://cdn.example.test/media";
  private static final String S3_ERROR = """
      <?xml version="1.0" encoding="UTF-8"?>
      <Error><Code>%s</Code><Message>%s</Message><RequestId>REQ123</RequestId><HostId>host</HostId></Error>""";

  private static WireMockServer s3;

  /** The configuration the app reads from MEDIA_STORAGE_S3_*. */
  record Config(Optional<String> bucket, String region, Optional<String> endpoint, boolean pathStyle,
      Optional<String> accessKeyId, Optional<String> secretAccessKey, Optional<String> publicBaseUrl)
      implements StorageConfig.S3 {

    static Config pointingAt(String endpoint) {
      return new Config(Optional.of(BUCKET), "us-east-1", Optional.of(endpoint), true, Optional.of("AKIDTEST"),
          Optional.of("secret"), Optional.of(PUBLIC_BASE));
    }
  }

  @TempDir
  Path temp;

  private S3Storage storage;

  @BeforeAll
  static void start() {
    // As Storages does: the SDK must never ask instance metadata for anything.
    System.setProperty("aws.disableEc2Metadata", "true");
    s3 = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
    s3.start();
  }

  /** WireMock's address as an IP literal, so the SDK connects to 127.0.0.1 and nowhere else. */
  private static String endpoint() {
    return "http://127.0.0.1:" + s3.port();
  }

  @AfterAll
  static void stop() {
    s3.stop();
  }

  @BeforeEach
  void setUp() {
    s3.resetAll();
    storage = new S3Storage(Config.pointingAt(endpoint()));
  }

  @AfterEach
  void tearDown() {
    storage.close();
  }

  private static byte[] content(int size) {
    var bytes = new byte[size];
    for (int i = 0; i < size; i++) {
      bytes[i] = (byte) (i * 31 + 7);
    }
    return bytes;
  }

  private Path file(byte[] bytes) throws IOException {
    var file = temp.resolve("upload-" + System.nanoTime() + ".tmp");
    Files.write(file, bytes);
    return file;
  }

  /** The payload of an {@code aws-chunked} body: {@code hex-size;chunk-signature=...\r\n data \r\n}, until size 0. */
  private static byte[] decodeAwsChunked(byte[] body) {
    var out = new ByteArrayOutputStream();
    int pos = 0;
    while (true) {
      int lineEnd = indexOfCrLf(body, pos);
      assertThat(lineEnd).as("chunk header end").isGreaterThan(pos);
      var header = new String(body, pos, lineEnd - pos, StandardCharsets.US_ASCII);
      assertThat(header).matches("[0-9a-f]+;chunk-signature=[0-9a-f]{64}");
      int size = Integer.parseInt(header.substring(0, header.indexOf(';')), 16);
      pos = lineEnd + 2;
      if (size == 0) {
        assertThat(Arrays.copyOfRange(body, pos, body.length)).as("after the last chunk").containsExactly('\r', '\n');
        return out.toByteArray();
      }
      out.write(body, pos, size);
      pos += size;
      assertThat(Arrays.copyOfRange(body, pos, pos + 2)).as("chunk end").containsExactly('\r', '\n');
      pos += 2;
    }
  }

  private static int indexOfCrLf(byte[] body, int from) {
    for (int i = from; i + 1 < body.length; i++) {
      if (body[i] == '\r' && body[i + 1] == '\n') {
        return i;
      }
    }
    return -1;
  }

  private static void assertSigned(LoggedRequest request) {
    var authorization = request.getHeader("Authorization");
    assertThat(authorization).startsWith("AWS4-HMAC-SHA256 Credential=AKIDTEST/")
        .contains("/us-east-1/s3/aws4_request").contains("SignedHeaders=").containsPattern("Signature=[0-9a-f]{64}$");
    assertThat(request.getHeader("X-Amz-Date")).matches("\\d{8}T\\d{6}Z");
  }

  private static void assertStorageFault(ApiException e, String detail) {
    assertThat(e.error().getError()).isEqualTo("service_unavailable");
    assertThat(e.error().status()).isEqualTo(503);
    assertThat(e.error().extra()).containsEntry("detail", detail);
  }

  @Test
  void isS3WithoutALocalPath() {
    assertThat(storage.kind()).isEqualTo("s3");
    assertThat(storage.localPath(KEY)).isEmpty();
  }

  @Test
  void putUploadsTheExactBytesSignedAndImmutableThenDeletesTheFile() throws IOException {
    s3.stubFor(put(urlEqualTo(OBJECT_PATH)).willReturn(aResponse().withStatus(200).withHeader("ETag", "\"e1\"")));
    // Larger than the SDK's 128 KiB chunk, so the body comes in several signed chunks.
    var bytes = content(300_000);
    var file = file(bytes);

    storage.put(KEY, file, "video/mp4");

    assertThat(file).doesNotExist();
    s3.verify(exactly(1), anyRequestedFor(anyUrl()));
    s3.verify(exactly(1), putRequestedFor(urlEqualTo(OBJECT_PATH))
        .withHeader("Content-Type", equalTo("video/mp4"))
        .withHeader("Cache-Control", equalTo("public, max-age=31536000, immutable"))
        .withHeader("Authorization", matching("AWS4-HMAC-SHA256 Credential=AKIDTEST/\\d{8}/us-east-1/s3/aws4_request, "
            + "SignedHeaders=[a-z0-9;-]*cache-control;[a-z0-9;-]*content-type;[a-z0-9;-]*host;.*, Signature=[0-9a-f]{64}")));
    var request = s3.findAll(putRequestedFor(urlEqualTo(OBJECT_PATH))).get(0);
    assertSigned(request);
    assertThat(request.getHeader("Host")).isEqualTo("127.0.0.1:" + s3.port());
    // The SDK streams the file with chunk signatures; what it declares must match the file.
    assertThat(request.getHeader("x-amz-content-sha256")).isEqualTo("STREAMING-AWS4-HMAC-SHA256-PAYLOAD");
    assertThat(request.getHeader("Content-Encoding")).isEqualTo("aws-chunked");
    assertThat(request.getHeader("x-amz-decoded-content-length")).isEqualTo("300000");
    assertThat(request.getHeader("Content-Length")).isEqualTo(String.valueOf(request.getBody().length));
    assertThat(decodeAwsChunked(request.getBody())).isEqualTo(bytes);
  }

  @Test
  void putOfASmallFileCarriesItsBytesInOneChunk() throws IOException {
    s3.stubFor(put(urlEqualTo("/media-bucket/m/med_abc123XYZ/cover.png")).willReturn(aResponse().withStatus(200)));
    var bytes = "not really a png".getBytes(StandardCharsets.UTF_8);

    storage.put("m/med_abc123XYZ/cover.png", file(bytes), "image/png");

    var request = s3.findAll(putRequestedFor(urlEqualTo("/media-bucket/m/med_abc123XYZ/cover.png"))).get(0);
    assertThat(request.getHeader("Content-Type")).isEqualTo("image/png");
    assertThat(request.getHeader("x-amz-decoded-content-length")).isEqualTo(String.valueOf(bytes.length));
    assertThat(request.getBodyAsString()).startsWith(Integer.toHexString(bytes.length) + ";chunk-signature=")
        .contains("\r\nnot really a png\r\n0;chunk-signature=");
    assertThat(decodeAwsChunked(request.getBody())).isEqualTo(bytes);
  }

  @Test
  void openWithOffsetAndLengthAsksForThatRange() throws IOException {
    var bytes = content(1000);
    s3.stubFor(get(urlEqualTo(OBJECT_PATH)).withHeader("Range", equalTo("bytes=100-149"))
        .willReturn(aResponse().withStatus(206).withHeader("Content-Type", "video/mp4")
            .withHeader("Content-Range", "bytes 100-149/1000").withBody(Arrays.copyOfRange(bytes, 100, 150))));

    byte[] read;
    try (var in = storage.open(KEY, 100, 50)) {
      read = in.readAllBytes();
    }

    assertThat(read).isEqualTo(Arrays.copyOfRange(bytes, 100, 150));
    s3.verify(exactly(1), anyRequestedFor(anyUrl()));
    s3.verify(exactly(1), getRequestedFor(urlEqualTo(OBJECT_PATH)).withHeader("Range", equalTo("bytes=100-149")));
    assertSigned(s3.findAll(getRequestedFor(urlEqualTo(OBJECT_PATH))).get(0));
  }

  @Test
  void openFromAnOffsetToTheEndAsksForAnOpenRange() throws IOException {
    var bytes = content(1000);
    s3.stubFor(get(urlEqualTo(OBJECT_PATH)).withHeader("Range", equalTo("bytes=900-"))
        .willReturn(aResponse().withStatus(206).withHeader("Content-Range", "bytes 900-999/1000")
            .withBody(Arrays.copyOfRange(bytes, 900, 1000))));

    try (var in = storage.open(KEY, 900, -1)) {
      assertThat(in.readAllBytes()).isEqualTo(Arrays.copyOfRange(bytes, 900, 1000));
    }
    s3.verify(exactly(1), getRequestedFor(urlEqualTo(OBJECT_PATH)).withHeader("Range", equalTo("bytes=900-")));
  }

  @Test
  void openOfTheWholeObjectSendsNoRange() throws IOException {
    var bytes = content(1000);
    s3.stubFor(get(urlEqualTo(OBJECT_PATH)).willReturn(aResponse().withStatus(200).withBody(bytes)));

    try (var in = storage.open(KEY, 0, -1)) {
      assertThat(in.readAllBytes()).isEqualTo(bytes);
    }
    s3.verify(exactly(1), getRequestedFor(urlEqualTo(OBJECT_PATH)).withHeader("Range", absent()));
  }

  @Test
  void deleteSendsDelete() {
    s3.stubFor(delete(urlEqualTo(OBJECT_PATH)).willReturn(aResponse().withStatus(204)));

    storage.delete(KEY);

    s3.verify(exactly(1), anyRequestedFor(anyUrl()));
    s3.verify(exactly(1), deleteRequestedFor(urlEqualTo(OBJECT_PATH)));
    assertSigned(s3.findAll(deleteRequestedFor(urlEqualTo(OBJECT_PATH))).get(0));
  }

  @Test
  void serverErrorsAreRetriedThenBecomeServiceUnavailable() throws IOException {
    s3.stubFor(put(urlEqualTo(OBJECT_PATH)).willReturn(aResponse().withStatus(500)
        .withHeader("Content-Type", "application/xml")
        .withBody(S3_ERROR.formatted("InternalError", "We encountered an internal error. Please try again."))));
    var file = file(content(100));

    assertThatThrownBy(() -> storage.put(KEY, file, "video/mp4"))
        .isInstanceOfSatisfying(ApiException.class, e -> assertStorageFault(e, "S3Exception"));

    // The SDK's standard retry policy: the first attempt and three retries ("amz-sdk-request: attempt=N; max=4").
    s3.verify(exactly(4), putRequestedFor(urlEqualTo(OBJECT_PATH)));
    s3.verify(exactly(1), putRequestedFor(urlEqualTo(OBJECT_PATH))
        .withHeader("amz-sdk-request", equalTo("attempt=4; max=4")));
    // Nothing was stored, so the file is kept for the caller.
    assertThat(file).exists();
  }

  @Test
  void accessDeniedIsNotRetriedAndBecomesServiceUnavailable() {
    s3.stubFor(get(urlEqualTo(OBJECT_PATH)).willReturn(aResponse().withStatus(403)
        .withHeader("Content-Type", "application/xml").withBody(S3_ERROR.formatted("AccessDenied", "Access Denied"))));

    assertThatThrownBy(() -> storage.open(KEY, 100, 50))
        .isInstanceOfSatisfying(ApiException.class, e -> {
          // The SDK maps S3's AccessDenied code to its own exception type.
          assertStorageFault(e, "AccessDeniedException");
          assertThat(e.error().getMessage()).isEqualTo("Object storage could not read the object; try again.");
        });
    s3.verify(exactly(1), anyRequestedFor(anyUrl()));
  }

  @Test
  void deleteErrorsBecomeServiceUnavailable() {
    s3.stubFor(delete(urlEqualTo(OBJECT_PATH)).willReturn(aResponse().withStatus(403)
        .withHeader("Content-Type", "application/xml").withBody(S3_ERROR.formatted("AccessDenied", "Access Denied"))));

    assertThatThrownBy(() -> storage.delete(KEY)).isInstanceOfSatisfying(ApiException.class, e -> {
      assertStorageFault(e, "AccessDeniedException");
      assertThat(e.error().getMessage()).isEqualTo("Object storage could not delete the object; try again.");
    });
  }

  @Test
  void anUnreachableStoreBecomesServiceUnavailable() throws IOException {
    int closedPort;
    try (var socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      closedPort = socket.getLocalPort();
    }
    try (var unreachable = new S3Storage(Config.pointingAt("http://127.0.0.1:" + closedPort))) {
      var file = file(content(10));
      assertThatThrownBy(() -> unreachable.put(KEY, file, "video/mp4"))
          .isInstanceOfSatisfying(ApiException.class, e -> {
            assertStorageFault(e, "SdkClientException");
            assertThat(e.error().getMessage()).isEqualTo("Object storage could not store the object; try again.");
          });
      assertThat(file).exists();
    }
  }

  /** Platform's recogniser, set up with MEDIA_STORAGE_S3_PUBLIC_BASE_URL as in every service, reads them back. */
  @Test
  void publicUrlIsRecognisedAsTheSuitesOwnMedia() {
    var own = OwnMedia.ofBases(PUBLIC_BASE);
    assertThat(storage.publicUrl(KEY)).isEqualTo("https://cdn.example.test/media/m/med_abc123XYZ/clip.mp4");
    assertThat(own.parse(storage.publicUrl(KEY)).map(OwnMedia.Ref::storageKey)).contains(KEY);
    assertThat(own.parse(storage.publicUrl(KEY) + "?v=2").map(OwnMedia.Ref::storageKey)).contains(KEY);
    assertThat(own.isOwn("https://other.example.test/media/" + KEY)).isFalse();
    assertThat(own.isOwn("http://cdn.example.test/media/" + KEY)).isFalse();
    assertThat(own.isOwn("https://cdn.example.test/mediax/" + KEY)).isFalse();
    assertThat(own.isOwn("https://cdn.example.test/" + KEY)).isFalse();
    assertThat(own.isOwn("https://cdn.example.test/media/not-a-key")).isFalse();
    assertThat(own.isOwn("https://cdn.example.test/media/m/med_abc123XYZ/../../etc/passwd")).isFalse();
    assertThat(own.isOwn(endpoint() + OBJECT_PATH)).isFalse();
  }

  @Test
  void aTrailingSlashOnThePublicBaseIsDropped() {
    var config = new Config(Optional.of(BUCKET), "us-east-1", Optional.of(endpoint()), true,
        Optional.of("AKIDTEST"), Optional.of("secret"), Optional.of(PUBLIC_BASE + "//"));
    try (var slashed = new S3Storage(config)) {
      assertThat(slashed.publicUrl(KEY)).isEqualTo("https://cdn.example.test/media/m/med_abc123XYZ/clip.mp4");
    }
  }

  @Test
  void missingSettingsAreNamed() {
    var noBucket = new Config(Optional.empty(), "us-east-1", Optional.of(endpoint()), true,
        Optional.of("AKIDTEST"), Optional.of("secret"), Optional.of(PUBLIC_BASE));
    assertThatThrownBy(() -> new S3Storage(noBucket)).isInstanceOf(IllegalStateException.class)
        .hasMessage("MEDIA_STORAGE_KIND=s3 needs MEDIA_STORAGE_S3_BUCKET");

    var nothing = new Config(Optional.empty(), "us-east-1", Optional.empty(), false, Optional.empty(),
        Optional.empty(), Optional.empty());
    assertThatThrownBy(() -> new S3Storage(nothing)).isInstanceOf(IllegalStateException.class)
        .hasMessage("MEDIA_STORAGE_KIND=s3 needs MEDIA_STORAGE_S3_BUCKET, MEDIA_STORAGE_S3_ACCESS_KEY_ID, "
            + "MEDIA_STORAGE_S3_SECRET_ACCESS_KEY, MEDIA_STORAGE_S3_PUBLIC_BASE_URL");
    s3.verify(exactly(0), anyRequestedFor(anyUrl()));
  }
}
