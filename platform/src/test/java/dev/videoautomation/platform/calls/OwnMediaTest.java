package dev.videoautomation.platform.calls;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Recognising the suite's own media references without a network call. */
class OwnMediaTest {
  private static final String ID = "med_4Yb2kQ9sT1vXw8";
  private static final OwnMedia OWN = OwnMedia.ofBases(OwnMedia.localCdnBase("https://api.example.com/"),
      "https://media.cdn.example.net/vas/");

  @Test
  void shouldRecogniseAMediaIdAsItIs() {
    var ref = OWN.parse("  " + ID + " ").orElseThrow();

    assertThat(ref.mediaId()).isEqualTo(ID);
    assertThat(ref.isUrl()).isFalse();
    assertThat(ref.storageKey()).isNull();
  }

  @Test
  void shouldRecogniseUrlsUnderTheLocalCdnAndTheS3PublicBase() {
    var local = OWN.parse("https://api.example.com/cdn/m/" + ID + "/clip.mp4").orElseThrow();
    var s3 = OWN.parse("https://media.cdn.example.net/vas/m/" + ID + "/My-clip.mp4?v=2").orElseThrow();

    assertThat(local.mediaId()).isEqualTo(ID);
    assertThat(local.storageKey()).isEqualTo("m/" + ID + "/clip.mp4");
    assertThat(local.url()).isEqualTo("https://api.example.com/cdn/m/" + ID + "/clip.mp4");
    assertThat(s3.mediaId()).isEqualTo(ID);
    assertThat(s3.storageKey()).isEqualTo("m/" + ID + "/My-clip.mp4");
    assertThat(OWN.bases()).containsExactly("https://api.example.com/cdn", "https://media.cdn.example.net/vas");
  }

  @Test
  void shouldNotRecogniseOtherUrlsOrMalformedKeys() {
    assertThat(OWN.isOwn("https://elsewhere.example/cdn/m/" + ID + "/clip.mp4")).isFalse();
    assertThat(OWN.isOwn("https://api.example.com.evil.example/cdn/m/" + ID + "/clip.mp4")).isFalse();
    assertThat(OWN.isOwn("https://api.example.com/cdnx/m/" + ID + "/clip.mp4")).isFalse();
    assertThat(OWN.isOwn("https://api.example.com/cdn/m/" + ID + "/../../etc/passwd")).isFalse();
    assertThat(OWN.isOwn("https://api.example.com/cdn/m/" + ID)).isFalse();
    assertThat(OWN.isOwn("https://api.example.com/cdn/m/ast_4Yb2kQ9sT1vXw8/clip.mp4")).isFalse();
    assertThat(OWN.isOwn("https://api.example.com/v1/assets")).isFalse();
    assertThat(OWN.isOwn("ast_4Yb2kQ9sT1vXw8")).isFalse();
    assertThat(OWN.isOwn("med_")).isFalse();
    assertThat(OWN.isOwn("med_not-base62!")).isFalse();
    assertThat(OWN.isOwn(null)).isFalse();
    assertThat(OWN.isOwn("")).isFalse();
  }

  @Test
  void shouldIgnoreAnUnsetS3Base() {
    var localOnly = OwnMedia.ofBases(OwnMedia.localCdnBase("http://localhost:8080"), null, " ");

    assertThat(localOnly.bases()).containsExactly("http://localhost:8080/cdn");
    assertThat(localOnly.isOwn("http://localhost:8080/cdn/m/" + ID + "/a.png")).isTrue();
  }
}
