package dev.videoautomation.platform.ffmpeg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * {@link ProbeParser} on what the real ffprobe says about files the real ffmpeg made, plus hand-written JSON for the
 * shapes other ffprobe versions produce.
 */
class ProbeParserTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String MP4_FORMAT = "mov,mp4,m4a,3gp,3g2,mj2";

  @TempDir
  static Path temp;

  private static Path mp4;
  private static Path rotated;
  private static Path mov;
  private static Path mkv;
  private static Path m4a;
  private static Path mp3;
  private static Path mp3WithCover;
  private static Path wav;
  private static Path ogg;
  private static Path webm;
  private static Path audioWebm;
  private static Path png;
  private static Path jpeg;
  private static Path gif;

  @BeforeAll
  static void makeMedia() throws Exception {
    var picture = "testsrc=s=320x240:r=25:d=2";
    var tone = "sine=f=440:d=2";
    mp4 = ffmpeg("clip.mp4", "-f", "lavfi", "-i", picture, "-f", "lavfi", "-i", tone, "-c:v", "libx264", "-pix_fmt",
        "yuv420p", "-c:a", "aac", "-shortest");
    // ffmpeg 5.1 turns the rotate tag into a display matrix; ffmpeg 6+ would use -display_rotation before -i.
    rotated = ffmpeg("rotated.mp4", "-i", mp4.toString(), "-c", "copy", "-metadata:s:v:0", "rotate=90");
    mov = ffmpeg("clip.mov", "-i", mp4.toString(), "-c", "copy");
    mkv = ffmpeg("clip.mkv", "-i", mp4.toString(), "-c", "copy");
    m4a = ffmpeg("tone.m4a", "-f", "lavfi", "-i", tone, "-c:a", "aac");
    mp3 = ffmpeg("tone.mp3", "-f", "lavfi", "-i", tone, "-c:a", "libmp3lame");
    wav = ffmpeg("tone.wav", "-f", "lavfi", "-i", tone, "-c:a", "pcm_s16le");
    ogg = ffmpeg("tone.ogg", "-f", "lavfi", "-i", tone, "-c:a", "libvorbis");
    png = ffmpeg("still.png", "-f", "lavfi", "-i", "testsrc=s=64x48", "-frames:v", "1");
    jpeg = ffmpeg("still.jpg", "-f", "lavfi", "-i", "testsrc=s=64x48", "-frames:v", "1");
    gif = ffmpeg("still.gif", "-f", "lavfi", "-i", "testsrc=s=64x48", "-frames:v", "1");
    mp3WithCover = ffmpeg("cover.mp3", "-i", mp3.toString(), "-i", png.toString(), "-map", "0", "-map", "1", "-c",
        "copy", "-id3v2_version", "3", "-disposition:v", "attached_pic");
    if (run("ffmpeg", "-hide_banner", "-encoders").output.contains("libvpx-vp9")) {
      webm = ffmpeg("clip.webm", "-f", "lavfi", "-i", picture, "-f", "lavfi", "-i", tone, "-c:v", "libvpx-vp9",
          "-deadline", "realtime", "-cpu-used", "8", "-c:a", "libopus", "-shortest");
    }
    audioWebm = ffmpeg("tone.webm", "-f", "lavfi", "-i", tone, "-c:a", "libopus");
  }

  // Real files.

  @Test
  void h264AacMp4() throws Exception {
    var json = probe(mp4);
    var info = ProbeParser.parse(json);

    assertThat(info.contentType()).isEqualTo("video/mp4");
    assertThat(info.formatName()).isEqualTo(MP4_FORMAT);
    assertThat(info.durationSeconds()).isEqualTo(json.at("/format/duration").asDouble()).isCloseTo(2.0, within(0.05));
    assertThat(info.sizeBytes()).isEqualTo(java.nio.file.Files.size(mp4));
    assertThat(info.bitrate()).isEqualTo(json.at("/format/bit_rate").asLong()).isPositive();
    assertThat(info.width()).isEqualTo(320);
    assertThat(info.height()).isEqualTo(240);
    assertThat(info.displayWidth()).isEqualTo(320);
    assertThat(info.displayHeight()).isEqualTo(240);
    assertThat(info.fps()).isEqualTo(25.0);
    assertThat(info.videoCodec()).isEqualTo("h264");
    assertThat(info.audioCodec()).isEqualTo("aac");
    assertThat(info.rotation()).isEqualTo(0);
    assertThat(info.sampleRate()).isEqualTo(44100);
    assertThat(info.channels()).isEqualTo(1);
    assertThat(info.hasVideo()).isTrue();
    assertThat(info.hasAudio()).isTrue();
    assertThat(info.isImage()).isFalse();
    assertThat(info.isVideo()).isTrue();
  }

  @Test
  void rotatedMp4SwapsTheDisplaySize() throws Exception {
    var info = ProbeParser.parse(probe(rotated));

    assertThat(info.contentType()).isEqualTo("video/mp4");
    // ffprobe 5.1 reports +90 for rotate=90; newer versions report the display matrix's -90.
    assertThat(info.rotation()).isIn(90, -90);
    assertThat(info.width()).isEqualTo(320);
    assertThat(info.height()).isEqualTo(240);
    assertThat(info.displayWidth()).isEqualTo(240);
    assertThat(info.displayHeight()).isEqualTo(320);
    assertThat(info.fps()).isEqualTo(25.0);
    assertThat(info.isVideo()).isTrue();
  }

  @Test
  void quickTimeMovIsQuickTime() throws Exception {
    var json = probe(mov);
    assertThat(json.at("/format/tags/major_brand").asText()).isEqualTo("qt  ");
    var info = ProbeParser.parse(json);
    assertThat(info.contentType()).isEqualTo("video/quicktime");
    assertThat(info.formatName()).isEqualTo(MP4_FORMAT);
    assertThat(info.videoCodec()).isEqualTo("h264");
    assertThat(info.audioCodec()).isEqualTo("aac");
  }

  @Test
  void h264InMatroskaIsMatroska() throws Exception {
    var info = ProbeParser.parse(probe(mkv));
    assertThat(info.contentType()).isEqualTo("video/x-matroska");
    assertThat(info.formatName()).isEqualTo("matroska,webm");
    assertThat(info.width()).isEqualTo(320);
    assertThat(info.height()).isEqualTo(240);
    assertThat(info.fps()).isEqualTo(25.0);
    assertThat(info.durationSeconds()).isCloseTo(2.0, within(0.05));
  }

  @Test
  void aacToneInM4a() throws Exception {
    var json = probe(m4a);
    var info = ProbeParser.parse(json);

    assertThat(info.contentType()).isEqualTo("audio/mp4");
    assertThat(info.formatName()).isEqualTo(MP4_FORMAT);
    assertThat(info.durationSeconds()).isEqualTo(json.at("/format/duration").asDouble()).isCloseTo(2.0, within(0.05));
    assertThat(info.audioCodec()).isEqualTo("aac");
    assertThat(info.sampleRate()).isEqualTo(44100);
    assertThat(info.channels()).isEqualTo(1);
    assertAudioOnly(info);
  }

  @Test
  void mp3() throws Exception {
    var json = probe(mp3);
    var info = ProbeParser.parse(json);

    assertThat(info.contentType()).isEqualTo("audio/mpeg");
    assertThat(info.formatName()).isEqualTo("mp3");
    assertThat(info.durationSeconds()).isEqualTo(json.at("/format/duration").asDouble()).isCloseTo(2.0, within(0.1));
    assertThat(info.audioCodec()).isEqualTo("mp3");
    assertThat(info.sampleRate()).isEqualTo(44100);
    assertAudioOnly(info);
  }

  @Test
  void coverArtOfAnMp3IsNotVideo() throws Exception {
    var json = probe(mp3WithCover);
    assertThat(json.at("/streams/1/disposition/attached_pic").asInt()).isEqualTo(1);
    var info = ProbeParser.parse(json);

    assertThat(info.contentType()).isEqualTo("audio/mpeg");
    assertThat(info.audioCodec()).isEqualTo("mp3");
    assertAudioOnly(info);
  }

  @Test
  void wavAndOgg() throws Exception {
    var wavInfo = ProbeParser.parse(probe(wav));
    assertThat(wavInfo.contentType()).isEqualTo("audio/wav");
    assertThat(wavInfo.audioCodec()).isEqualTo("pcm_s16le");
    assertThat(wavInfo.durationSeconds()).isEqualTo(2.0);
    assertAudioOnly(wavInfo);

    var oggInfo = ProbeParser.parse(probe(ogg));
    assertThat(oggInfo.contentType()).isEqualTo("audio/ogg");
    assertThat(oggInfo.audioCodec()).isEqualTo("vorbis");
    assertAudioOnly(oggInfo);
  }

  @Test
  void vp9OpusWebm() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(webm != null, "ffmpeg has libvpx-vp9");
    var json = probe(webm);
    var info = ProbeParser.parse(json);

    assertThat(info.contentType()).isEqualTo("video/webm");
    assertThat(info.formatName()).isEqualTo("matroska,webm");
    // Matroska streams carry no duration of their own: the format's is used.
    assertThat(json.at("/streams/0/duration").isMissingNode()).isTrue();
    assertThat(info.durationSeconds()).isEqualTo(json.at("/format/duration").asDouble()).isCloseTo(2.0, within(0.05));
    assertThat(info.width()).isEqualTo(320);
    assertThat(info.height()).isEqualTo(240);
    assertThat(info.fps()).isEqualTo(25.0);
    assertThat(info.videoCodec()).isEqualTo("vp9");
    assertThat(info.audioCodec()).isEqualTo("opus");
    assertThat(info.sampleRate()).isEqualTo(48000);
    assertThat(info.hasVideo()).isTrue();
    assertThat(info.hasAudio()).isTrue();
    assertThat(info.isImage()).isFalse();
  }

  @Test
  void opusOnlyWebmIsAudio() throws Exception {
    var info = ProbeParser.parse(probe(audioWebm));
    assertThat(info.contentType()).isEqualTo("audio/webm");
    assertThat(info.audioCodec()).isEqualTo("opus");
    assertAudioOnly(info);
  }

  @Test
  void pngImage() throws Exception {
    var json = probe(png);
    assertThat(json.at("/format/format_name").asText()).isEqualTo("png_pipe");
    var info = ProbeParser.parse(json);

    assertThat(info.contentType()).isEqualTo("image/png");
    assertThat(info.width()).isEqualTo(64);
    assertThat(info.height()).isEqualTo(48);
    assertThat(info.videoCodec()).isEqualTo("png");
    assertThat(info.durationSeconds()).isNull();
    assertThat(info.fps()).isNull();
    assertThat(info.audioCodec()).isNull();
    assertThat(info.hasVideo()).isTrue();
    assertThat(info.hasAudio()).isFalse();
    assertThat(info.isImage()).isTrue();
    assertThat(info.isVideo()).isFalse();
  }

  @Test
  void jpegAndGifImages() throws Exception {
    var jpegInfo = ProbeParser.parse(probe(jpeg));
    assertThat(jpegInfo.contentType()).isEqualTo("image/jpeg");
    assertThat(jpegInfo.videoCodec()).isEqualTo("mjpeg");
    assertThat(jpegInfo.isImage()).isTrue();
    assertThat(jpegInfo.width()).isEqualTo(64);

    var gifInfo = ProbeParser.parse(probe(gif));
    assertThat(gifInfo.contentType()).isEqualTo("image/gif");
    assertThat(gifInfo.isImage()).isTrue();
    assertThat(gifInfo.durationSeconds()).isNull();
    assertThat(gifInfo.fps()).isNull();
    assertThat(gifInfo.height()).isEqualTo(48);
  }

  // Shapes of other ffprobe versions.

  @Test
  void rotateTagOfOlderFfprobeAndFractionalFrameRates() throws Exception {
    var info = ProbeParser.parse(JSON.readTree("""
        {"format": {"format_name": "mov,mp4,m4a,3gp,3g2,mj2", "size": "1234", "tags": {"major_brand": "isom"}},
         "streams": [{"codec_type": "video", "codec_name": "hevc", "width": 1920, "height": 1080,
                      "avg_frame_rate": "30000/1001", "duration": "3.5", "tags": {"rotate": "270"},
                      "side_data_list": [{"rotation": 90}]}]}"""));

    assertThat(info.contentType()).isEqualTo("video/mp4");
    assertThat(info.rotation()).isEqualTo(270);
    assertThat(info.displayWidth()).isEqualTo(1080);
    assertThat(info.displayHeight()).isEqualTo(1920);
    assertThat(info.fps()).isEqualTo(29.97);
    assertThat(info.durationSeconds()).as("the stream's duration when the format has none").isEqualTo(3.5);
    assertThat(info.sizeBytes()).isEqualTo(1234L);
    assertThat(info.bitrate()).isNull();
    assertThat(info.hasAudio()).isFalse();
    assertThat(info.sampleRate()).isNull();
  }

  @Test
  void frameRateFallsBackToTheRealBaseRate() throws Exception {
    var info = ProbeParser.parse(JSON.readTree("""
        {"format": {"format_name": "mpegts", "duration": "N/A"},
         "streams": [{"codec_type": "video", "codec_name": "h264", "width": 640, "height": 360,
                      "avg_frame_rate": "0/0", "r_frame_rate": "50/1",
                      "side_data_list": [{"side_data_type": "Display Matrix", "rotation": -180}]}]}"""));
    assertThat(info.contentType()).isEqualTo("video/mp2t");
    assertThat(info.fps()).isEqualTo(50.0);
    assertThat(info.durationSeconds()).isNull();
    assertThat(info.rotation()).isEqualTo(-180);
    assertThat(info.displayWidth()).isEqualTo(640);
  }

  @Test
  void nothingReadable() throws Exception {
    var info = ProbeParser.parse(JSON.readTree("{}"));
    assertThat(info.contentType()).isNull();
    assertThat(info.hasVideo()).isFalse();
    assertThat(info.hasAudio()).isFalse();
    assertThat(info.isImage()).isFalse();
    assertThat(info.width()).isNull();
    assertThat(info.rotation()).isNull();
    assertThat(info.displayWidth()).isNull();
  }

  @Test
  void contentTypeOfFormatNames() {
    assertThat(ProbeParser.contentType("wav", "", null, false, true, false)).isEqualTo("audio/wav");
    assertThat(ProbeParser.contentType(MP4_FORMAT, "qt  ", "h264", true, true, false)).isEqualTo("video/quicktime");
    assertThat(ProbeParser.contentType(MP4_FORMAT, "isom", "h264", true, true, false)).isEqualTo("video/mp4");
    assertThat(ProbeParser.contentType(MP4_FORMAT, "", "h264", true, false, false)).isEqualTo("video/mp4");
    assertThat(ProbeParser.contentType(MP4_FORMAT, "M4A ", null, false, true, false)).isEqualTo("audio/mp4");
    assertThat(ProbeParser.contentType(MP4_FORMAT, "qt  ", null, false, true, false)).isEqualTo("audio/mp4");
    assertThat(ProbeParser.contentType("matroska,webm", "", "vp8", true, true, false)).isEqualTo("video/webm");
    assertThat(ProbeParser.contentType("matroska,webm", "", "av1", true, false, false)).isEqualTo("video/webm");
    assertThat(ProbeParser.contentType("matroska,webm", "", "h264", true, true, false))
        .isEqualTo("video/x-matroska");
    assertThat(ProbeParser.contentType("matroska,webm", "", null, false, true, false)).isEqualTo("audio/webm");
    assertThat(ProbeParser.contentType("mp3", "", null, false, true, false)).isEqualTo("audio/mpeg");
    assertThat(ProbeParser.contentType("ogg", "", "theora", true, true, false)).isEqualTo("video/ogg");
    assertThat(ProbeParser.contentType("ogg", "", null, false, true, false)).isEqualTo("audio/ogg");
    assertThat(ProbeParser.contentType("flac", "", null, false, true, false)).isEqualTo("audio/flac");
    assertThat(ProbeParser.contentType("aac", "", null, false, true, false)).isEqualTo("audio/aac");
    assertThat(ProbeParser.contentType("mpegts", "", "h264", true, true, false)).isEqualTo("video/mp2t");
    assertThat(ProbeParser.contentType("avi", "", "mpeg4", true, true, false)).isEqualTo("video/x-msvideo");
    assertThat(ProbeParser.contentType("gif", "", "gif", true, false, false)).isEqualTo("image/gif");
    assertThat(ProbeParser.contentType("png_pipe", "", "png", true, false, true)).isEqualTo("image/png");
    assertThat(ProbeParser.contentType("image2", "", "mjpeg", true, false, true)).isEqualTo("image/jpeg");
    assertThat(ProbeParser.contentType("webp_pipe", "", "webp", true, false, true)).isEqualTo("image/webp");
    assertThat(ProbeParser.contentType("image2", "", "exr", true, false, true)).isNull();
    assertThat(ProbeParser.contentType("tty", "", "ansi", true, false, false)).isNull();
  }

  private static void assertAudioOnly(MediaInfo info) {
    assertThat(info.hasAudio()).isTrue();
    assertThat(info.hasVideo()).isFalse();
    assertThat(info.isImage()).isFalse();
    assertThat(info.isVideo()).isFalse();
    assertThat(info.width()).isNull();
    assertThat(info.height()).isNull();
    assertThat(info.fps()).isNull();
    assertThat(info.videoCodec()).isNull();
    assertThat(info.rotation()).isNull();
  }

  private static JsonNode probe(Path file) throws Exception {
    var result = run("ffprobe", "-v", "error", "-print_format", "json", "-show_format", "-show_streams",
        file.toString());
    assertThat(result.exitCode).as(result.output).isZero();
    return JSON.readTree(result.output);
  }

  private static Path ffmpeg(String name, String... arguments) throws Exception {
    var out = temp.resolve(name);
    var command = new ArrayList<>(List.of("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y"));
    command.addAll(List.of(arguments));
    command.add(out.toString());
    var result = run(command.toArray(String[]::new));
    assertThat(result.exitCode).as("%s%n%s", command, result.output).isZero();
    return out;
  }

  private record Result(int exitCode, String output) {
  }

  /** Runs a tool; stderr is discarded so stdout stays clean JSON (failures are reported through -v error anyway). */
  private static Result run(String... command) throws IOException, InterruptedException {
    var process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    var output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("Did not finish: " + String.join(" ", command));
    }
    return new Result(process.exitValue(), output);
  }
}
