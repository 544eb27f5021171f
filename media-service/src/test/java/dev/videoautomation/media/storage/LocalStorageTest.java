package dev.videoautomation.media.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.videoautomation.platform.calls.OwnMedia;

/** {@link LocalStorage} on a temporary directory, and the key and file-name rules of {@link StorageKeys}. */
class LocalStorageTest {
  private static final String KEY = "m/med_abc123XYZ/clip.mp4";

  @TempDir
  Path temp;

  private Path root;
  private LocalStorage storage;

  @BeforeEach
  void setUp() {
    root = temp.resolve("media");
    storage = new LocalStorage(root, "http://localhost:8080/");
  }

  private static byte[] content(int size) {
    var bytes = new byte[size];
    for (int i = 0; i < size; i++) {
      bytes[i] = (byte) (i * 7 + 3);
    }
    return bytes;
  }

  private Path stored(byte[] bytes) throws IOException {
    var file = temp.resolve("upload.tmp");
    Files.write(file, bytes);
    storage.put(KEY, file, "video/mp4");
    return file;
  }

  private static byte[] read(InputStream in) throws IOException {
    try (in) {
      return in.readAllBytes();
    }
  }

  @Test
  void createsItsRootAndIsLocal() {
    assertThat(root).isDirectory();
    assertThat(storage.root()).isEqualTo(root.toAbsolutePath().normalize());
    assertThat(storage.kind()).isEqualTo("local");
  }

  @Test
  void putMovesTheFileUnderItsKey() throws IOException {
    var bytes = content(1000);
    var upload = stored(bytes);

    var target = root.resolve("m").resolve("med_abc123XYZ").resolve("clip.mp4");
    assertThat(upload).doesNotExist();
    assertThat(target).exists();
    assertThat(Files.readAllBytes(target)).isEqualTo(bytes);
    assertThat(storage.localPath(KEY)).contains(target.toAbsolutePath().normalize());
  }

  @Test
  void openReadsTheWholeObjectOrTheExactSlice() throws IOException {
    var bytes = content(1000);
    stored(bytes);

    assertThat(read(storage.open(KEY, 0, -1))).isEqualTo(bytes);
    assertThat(read(storage.open(KEY, 100, 50))).isEqualTo(java.util.Arrays.copyOfRange(bytes, 100, 150));
    assertThat(read(storage.open(KEY, 900, -1))).isEqualTo(java.util.Arrays.copyOfRange(bytes, 900, 1000));
    assertThat(read(storage.open(KEY, 999, 1))).containsExactly(bytes[999]);
    // A length past the end stops at the end.
    assertThat(read(storage.open(KEY, 990, 100))).isEqualTo(java.util.Arrays.copyOfRange(bytes, 990, 1000));
  }

  @Test
  void boundedReadsOneByteAtATimeStopAtTheLength() throws IOException {
    var bytes = content(1000);
    stored(bytes);
    try (var in = storage.open(KEY, 10, 3)) {
      assertThat(in.read()).isEqualTo(bytes[10] & 0xff);
      assertThat(in.read()).isEqualTo(bytes[11] & 0xff);
      assertThat(in.read()).isEqualTo(bytes[12] & 0xff);
      assertThat(in.read()).isEqualTo(-1);
      assertThat(in.read(new byte[8], 0, 8)).isEqualTo(-1);
    }
  }

  @Test
  void deleteRemovesTheObjectAndToleratesAMissingOne() throws IOException {
    stored(content(10));
    storage.delete(KEY);
    assertThat(root.resolve(KEY)).doesNotExist();
    storage.delete(KEY);
  }

  /** Platform's recogniser, set up as in every service for this public base URL, reads the storage's URLs back. */
  @Test
  void publicUrlIsRecognisedAsTheSuitesOwnMedia() {
    var own = OwnMedia.ofBases(OwnMedia.localCdnBase("http://localhost:8080"));
    assertThat(storage.publicUrl(KEY)).isEqualTo("http://localhost:8080/cdn/m/med_abc123XYZ/clip.mp4");
    assertThat(own.parse(storage.publicUrl(KEY)).map(OwnMedia.Ref::storageKey)).contains(KEY);
    assertThat(own.parse("http://localhost:8080/cdn/" + KEY + "?download=1").map(OwnMedia.Ref::storageKey))
        .contains(KEY);
    assertThat(own.isOwn("http://localhost:8080/cdn/../../etc/passwd")).isFalse();
    assertThat(own.isOwn("http://localhost:8080/cdn/m/med_abc123XYZ/../../etc")).isFalse();
    assertThat(own.isOwn("http://evil.example/cdn/" + KEY)).isFalse();
    assertThat(own.isOwn("http://localhost:8080/other/" + KEY)).isFalse();
    assertThat(own.isOwn("http://localhost:8080/cdn/" + KEY + "/extra")).isFalse();
  }

  @Test
  void invalidKeysAreRefusedBeforeTouchingTheFilesystem() throws IOException {
    var file = temp.resolve("upload.tmp");
    Files.write(file, content(10));
    assertThatThrownBy(() -> storage.put("m/med_x/../../etc", file, "video/mp4"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> storage.open("../../etc/passwd", 0, -1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> storage.delete("m/med_abc123XYZ/..")).isInstanceOf(IllegalArgumentException.class);
    assertThat(file).exists();
  }

  @Test
  void keyValidity() {
    assertThat(StorageKeys.isValid(KEY)).isTrue();
    assertThat(StorageKeys.isValid(StorageKeys.of("med_abc123XYZ", "My-Clip-final.mp4"))).isTrue();
    assertThat(StorageKeys.isValid("m/med_x/../../etc")).isFalse();
    assertThat(StorageKeys.isValid("m/med_abc123XYZ/..")).isFalse();
    assertThat(StorageKeys.isValid("m/med_abc123XYZ/a..b.mp4")).isFalse();
    assertThat(StorageKeys.isValid("m/med_abc123XYZ/.hidden")).isFalse();
    assertThat(StorageKeys.isValid("m/med_abc123XYZ/a/b.mp4")).isFalse();
    assertThat(StorageKeys.isValid("m/med_abc/clip.mp4")).isFalse();
    assertThat(StorageKeys.isValid("/m/med_abc123XYZ/clip.mp4")).isFalse();
    assertThat(StorageKeys.isValid(null)).isFalse();
    assertThat(StorageKeys.mediaIdOf(KEY)).isEqualTo("med_abc123XYZ");
  }

  @Test
  void fileNamesAreSafeAndCarryTheContentTypesExtension() {
    assertThat(StorageKeys.fileName("My Clip (final).MOV", "video/mp4")).isEqualTo("My-Clip-final.mp4");
    assertThat(StorageKeys.fileName(null, "image/jpeg")).isEqualTo("media.jpg");
    assertThat(StorageKeys.fileName("   ", "audio/mpeg")).isEqualTo("media.mp3");
    assertThat(StorageKeys.fileName("..", "video/mp4")).isEqualTo("media.mp4");
    assertThat(StorageKeys.fileName("C:\\Users\\me\\holiday.mov", "video/quicktime")).isEqualTo("holiday.mov");
    assertThat(StorageKeys.fileName("x", "application/octet-stream")).isEqualTo("x.bin");

    var traversal = StorageKeys.fileName("../../etc/passwd", "video/mp4");
    assertThat(traversal).isEqualTo("passwd.mp4").doesNotContain("/").doesNotContain("..");
    assertThat(StorageKeys.fileName("x".repeat(200), "video/mp4")).isEqualTo("x".repeat(80) + ".mp4");
  }

  @Test
  void fileNamesNeverHoldTwoDotsSoTheirKeysAreValid() {
    // Runs of two, three or more dots collapse to one.
    assertThat(StorageKeys.fileName("a..b...c.d.mp4", "video/mp4")).isEqualTo("a.b.c.d.mp4");
    assertThat(StorageKeys.fileName("clip....final.mov", "video/quicktime")).isEqualTo("clip.final.mov");
    // A stem cut to 80 characters right after a dot loses that dot instead of ending in "..ext".
    var cutAtDot = StorageKeys.fileName("x".repeat(79) + ".." + "y".repeat(50) + ".mov", "video/mp4");
    assertThat(cutAtDot).isEqualTo("x".repeat(79) + ".mp4");
    for (var suggested : new String[] {"a..b...c.d.mp4", "...x...", "x".repeat(79) + "._y.mov", "a . . b.mp4",
        "../../etc/passwd", "x".repeat(79) + "-" + "z".repeat(30)}) {
      var name = StorageKeys.fileName(suggested, "video/mp4");
      assertThat(name).as(suggested).doesNotContain("..").doesNotContain("/");
      assertThat(StorageKeys.isValid(StorageKeys.of("med_abc123XYZ", name))).as(name).isTrue();
    }
  }
}
