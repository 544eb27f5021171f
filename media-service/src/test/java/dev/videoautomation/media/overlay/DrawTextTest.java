package dev.videoautomation.media.overlay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.videoautomation.platform.errors.ApiException;

/**
 * The drawtext filter: option escaping (ffmpeg-filters(1), "Notes on filtergraph escaping"), positions and colours,
 * and an end-to-end run of the real ffmpeg with font and text files under a directory full of filter syntax.
 */
class DrawTextTest {
  private static final Path FONT = Path.of("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf");
  /** Every character that means something to the option parser or the filtergraph parser, in a directory name. */
  private static final String HOSTILE_DIR = "ov a:b'c,d[e]f;g=h\\i";
  private static final int WIDTH = 320;
  private static final int HEIGHT = 240;

  @TempDir
  static Path temp;
  private static Path input;

  @BeforeAll
  static void blackInput() throws Exception {
    input = temp.resolve("black.mp4");
    var result = run("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
        "color=c=black:s=" + WIDTH + "x" + HEIGHT + ":d=1:r=25", "-c:v", "libx264", "-pix_fmt", "yuv420p",
        input.toString());
    assertThat(result.exitCode).as(result.output).isZero();
  }

  // Escaping. Level 1 (option values) escapes \ ' : with a backslash; level 2 (the graph) then escapes \ ' [ ] , ;
  // (and =, harmless) in the result. Expected values below are written as raw characters, then Java-escaped.

  @Test
  void plainTextIsUntouched() {
    assertThat(DrawText.escape("/usr/share/fonts/a-b_c.ttf")).isEqualTo("/usr/share/fonts/a-b_c.ttf");
    assertThat(DrawText.escape("")).isEmpty();
  }

  @Test
  void colonIsEscapedForTheOptionParserOnly() {
    // a:b -> level 1: a\:b -> level 2: a\\:b
    assertThat(DrawText.escape("a:b")).isEqualTo("a\\\\:b");
  }

  @Test
  void backslashIsEscapedAtBothLevels() {
    // \ -> level 1: \\ -> level 2: \\\\
    assertThat(DrawText.escape("\\")).isEqualTo("\\\\\\\\");
    assertThat(DrawText.escape("a\\b")).isEqualTo("a\\\\\\\\b");
  }

  @Test
  void quoteIsEscapedAtBothLevels() {
    // ' -> level 1: \' -> level 2: \\\'
    assertThat(DrawText.escape("'")).isEqualTo("\\\\\\'");
    assertThat(DrawText.escape("it's")).isEqualTo("it\\\\\\'s");
  }

  @Test
  void graphSeparatorsAreEscapedOnce() {
    assertThat(DrawText.escape("[")).isEqualTo("\\[");
    assertThat(DrawText.escape("]")).isEqualTo("\\]");
    assertThat(DrawText.escape(",")).isEqualTo("\\,");
    assertThat(DrawText.escape(";")).isEqualTo("\\;");
    assertThat(DrawText.escape("=")).isEqualTo("\\=");
  }

  @Test
  void theManualsExample() {
    // ffmpeg-filters(1): this is a 'string': may contain one, or more, special characters
    // becomes, in a filtergraph: this is a \\\'string\\\'\\: may contain one\, or more\, special characters
    assertThat(DrawText.escape("this is a 'string': may contain one, or more, special characters"))
        .isEqualTo("this is a \\\\\\'string\\\\\\'\\\\: may contain one\\, or more\\, special characters");
  }

  @Test
  void allSpecialCharactersTogether() {
    // \ ' : [ ] , ; =  ->  \\\\ \\\' \\: \[ \] \, \; \=
    assertThat(DrawText.escape("\\':[],;=")).isEqualTo("\\\\\\\\" + "\\\\\\'" + "\\\\:" + "\\[\\]\\,\\;\\=");
  }

  // Positions.

  @Test
  void namedPositions() {
    assertThat(DrawText.position("top")).isEqualTo("x=(w-text_w)/2:y=h*0.08");
    assertThat(DrawText.position("center")).isEqualTo("x=(w-text_w)/2:y=(h-text_h)/2");
    assertThat(DrawText.position("middle")).isEqualTo("x=(w-text_w)/2:y=(h-text_h)/2");
    assertThat(DrawText.position("bottom")).isEqualTo("x=(w-text_w)/2:y=h-text_h-h*0.08");
    assertThat(DrawText.position(" TOP ")).isEqualTo("x=(w-text_w)/2:y=h*0.08");
    assertThat(DrawText.position(null)).isEqualTo("x=(w-text_w)/2:y=h-text_h-h*0.08");
  }

  @Test
  void pixelPositions() {
    assertThat(DrawText.position(" 40 , 100 ")).isEqualTo("x=40:y=100");
    assertThat(DrawText.position("40,100")).isEqualTo("x=40:y=100");
    assertThat(DrawText.position("12.5,0")).isEqualTo("x=12.5:y=0");
  }

  @Test
  void otherPositionsAreRefusedNamingTheField() {
    for (var position : List.of("left", "1,2,3", "-5,10", "40", "40,", "x,y", "1:2", "40,100:enable=1", "")) {
      assertInvalidField(() -> DrawText.position(position), "position");
    }
  }

  // Colours.

  @Test
  void colours() {
    assertThat(DrawText.color("#FFAA00", "color")).isEqualTo("0xFFAA00");
    assertThat(DrawText.color("#FFAA0080", "color")).isEqualTo("0xFFAA0080");
    assertThat(DrawText.color(" #ffaa00 ", "color")).isEqualTo("0xffaa00");
    assertThat(DrawText.color("Yellow", "color")).isEqualTo("yellow");
    assertThat(DrawText.color("white", "strokeColor")).isEqualTo("white");
    assertThat(DrawText.color(null, "color")).isEqualTo("white");
    assertThat(DrawText.color(null, "strokeColor")).isEqualTo("black");
  }

  @Test
  void otherColoursAreRefusedNamingTheField() {
    assertInvalidField(() -> DrawText.color("red:x", "color"), "color");
    assertInvalidField(() -> DrawText.color("#12", "color"), "color");
    assertInvalidField(() -> DrawText.color("#FFAA0", "color"), "color");
    assertInvalidField(() -> DrawText.color("#GGGGGG", "color"), "color");
    assertInvalidField(() -> DrawText.color("0xFFAA00", "color"), "color");
    assertInvalidField(() -> DrawText.color("chartreuse", "color"), "color");
    assertInvalidField(() -> DrawText.color("red'", "strokeColor"), "strokeColor");
  }

  // The whole filter.

  @Test
  void filterReadsTheTextFromAFileWithoutExpansion() {
    var filter = DrawText.filter(Path.of("/work/t.txt"), Path.of("/fonts/f.ttf"), "bottom", 48, 2, "#FFAA00", null,
        1.0, 2.0);
    assertThat(filter).isEqualTo("drawtext=fontfile=/fonts/f.ttf:textfile=/work/t.txt:expansion=none:fontsize=48"
        + ":fontcolor=0xFFAA00:borderw=2:bordercolor=black:line_spacing=12:x=(w-text_w)/2:y=h-text_h-h*0.08"
        + ":enable='between(t\\,1\\,2)'");
    assertThat(filter).contains("textfile=").contains("expansion=none").doesNotContain(":text=");
  }

  @Test
  void filterTimesAndFractions() {
    var filter = DrawText.filter(Path.of("/t"), Path.of("/f"), "40,100", 30.5, 0, null, "#000000", 1.5, null);
    assertThat(filter).contains(":fontsize=30.500:").contains(":fontcolor=white:").contains(":borderw=0:")
        .contains(":bordercolor=0x000000:").contains(":line_spacing=8:").contains(":x=40:y=100")
        .endsWith(":enable='between(t\\,1.500\\,1e9)'");
    assertThat(DrawText.filter(Path.of("/t"), Path.of("/f"), "top", 40, 2, null, null, null, 3.0))
        .endsWith(":enable='between(t\\,0\\,3)'");
    assertThat(DrawText.filter(Path.of("/t"), Path.of("/f"), "top", 40, 2, null, null, null, null))
        .doesNotContain("enable").endsWith(":x=(w-text_w)/2:y=h*0.08");
  }

  @Test
  void filterEscapesThePaths() {
    var filter = DrawText.filter(Path.of("/a:b/t.txt"), Path.of("/c,d/f.ttf"), "top", 40, 2, null, null, null,
        null);
    assertThat(filter).startsWith("drawtext=fontfile=/c\\,d/f.ttf:textfile=/a\\\\:b/t.txt:expansion=none:");
  }

  // End to end: the real ffmpeg must find the font and the text under a directory named with filter syntax.

  @Test
  void ffmpegDrawsTextFromFilesUnderAHostileDirectory() throws Exception {
    var dir = hostileDir("draw");
    var frame = render(DrawText.filter(dir.text, dir.font, "center", 96, 4, "#FFFFFF", "black", null, null), 0);
    assertThat(max(frame)).as("brightest pixel of the frame with text").isGreaterThan(100);
    // The text covers a good part of the middle of the frame and none of its corners.
    assertThat(brightPixels(frame)).isGreaterThan(500);
    assertThat(frame[0] & 0xff).isLessThan(40);
  }

  @Test
  void ffmpegHonoursTheEnableWindow() throws Exception {
    var dir = hostileDir("enable");
    var before = render(DrawText.filter(dir.text, dir.font, "center", 96, 4, "white", "black", 0.5, 1.0), 0);
    var during = render(DrawText.filter(dir.text, dir.font, "center", 96, 4, "white", "black", 0.5, 1.0), 15);
    assertThat(max(before)).as("frame at t=0, before the window").isLessThan(40);
    assertThat(max(during)).as("frame at t=0.6, inside the window").isGreaterThan(100);
  }

  @Test
  void theDirectoryReallyBreaksAnUnescapedFilter() throws Exception {
    // Control: without escaping, the same paths do not make a usable filter, so the tests above prove the escaping.
    var dir = hostileDir("control");
    var naive = "drawtext=fontfile=" + dir.font + ":textfile=" + dir.text + ":expansion=none:fontsize=96"
        + ":fontcolor=white:x=(w-text_w)/2:y=(h-text_h)/2";
    var result = ffmpegFrame(naive, 0, temp.resolve("control.raw"));
    assertThat(result.exitCode).as(result.output).isNotZero();
  }

  private record Files2(Path font, Path text) {
  }

  private static Files2 hostileDir(String name) throws IOException {
    assumeTrue(Files.isRegularFile(FONT), "DejaVu Sans Bold is installed");
    var dir = Files.createDirectories(temp.resolve(name).resolve(HOSTILE_DIR));
    var font = Files.copy(FONT, dir.resolve("font's [bold], a=b; c:d.ttf"));
    var text = Files.writeString(dir.resolve("text: it's [1], a=b; c.txt"), "HI %{pts} 'q' : \\",
        StandardCharsets.UTF_8);
    return new Files2(font, text);
  }

  private static byte[] render(String filter, int frameIndex) throws Exception {
    var out = temp.resolve("frame-" + System.nanoTime() + ".raw");
    var result = ffmpegFrame(filter, frameIndex, out);
    assertThat(result.exitCode).as("ffmpeg with %s:%n%s", filter, result.output).isZero();
    var frame = Files.readAllBytes(out);
    assertThat(frame).hasSize(WIDTH * HEIGHT);
    return frame;
  }

  private static Result ffmpegFrame(String filter, int frameIndex, Path out) throws Exception {
    return run("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-i", input.toString(), "-vf",
        filter + ",select=eq(n\\," + frameIndex + ")", "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray",
        out.toString());
  }

  private static int max(byte[] frame) {
    int max = 0;
    for (byte b : frame) {
      max = Math.max(max, b & 0xff);
    }
    return max;
  }

  private static int brightPixels(byte[] frame) {
    int count = 0;
    for (byte b : frame) {
      if ((b & 0xff) > 100) {
        count++;
      }
    }
    return count;
  }

  private static void assertInvalidField(org.assertj.core.api.ThrowableAssert.ThrowingCallable call, String field) {
    assertThatThrownBy(call).isInstanceOfSatisfying(ApiException.class, e -> {
      assertThat(e.error().getError()).isEqualTo("invalid_request");
      assertThat(e.error().status()).isEqualTo(400);
      assertThat(e.error().extra()).containsEntry("field", field);
    });
  }

  private record Result(int exitCode, String output) {
  }

  private static Result run(String... command) throws Exception {
    var process = new ProcessBuilder(new ArrayList<>(List.of(command))).redirectErrorStream(true).start();
    var output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("ffmpeg did not finish: " + String.join(" ", command));
    }
    return new Result(process.exitValue(), output);
  }
}
