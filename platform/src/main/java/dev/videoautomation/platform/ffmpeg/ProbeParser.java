package dev.videoautomation.platform.ffmpeg;

import java.util.Locale;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;

/** Turns ffprobe's JSON ({@code -show_format -show_streams}) into a {@link MediaInfo}. */
final class ProbeParser {
  private static final Set<String> IMAGE_CODECS = Set.of("png", "mjpeg", "webp", "gif", "bmp", "tiff", "jpegls");

  private ProbeParser() {
  }

  static MediaInfo parse(JsonNode root) {
    var format = root.path("format");
    String formatName = format.path("format_name").asText("");
    JsonNode video = null;
    JsonNode audio = null;
    for (var stream : root.path("streams")) {
      var type = stream.path("codec_type").asText();
      boolean attachedPicture = stream.path("disposition").path("attached_pic").asInt(0) == 1;
      if ("video".equals(type) && video == null && !attachedPicture) {
        video = stream;
      } else if ("audio".equals(type) && audio == null) {
        audio = stream;
      }
    }
    String videoCodec = video == null ? null : video.path("codec_name").asText(null);
    boolean image = video != null && audio == null
        && (formatName.endsWith("_pipe") || formatName.equals("image2") || formatName.equals("gif")
            || (IMAGE_CODECS.contains(videoCodec) && !formatName.contains("mp4")));
    Double duration = number(format, "duration");
    if (duration == null && video != null) {
      duration = number(video, "duration");
    }
    if (image) {
      duration = null;
    }
    String contentType = contentType(formatName, format.path("tags").path("major_brand").asText(""), videoCodec,
        video != null, audio != null, image);
    return new MediaInfo(contentType, formatName, duration, longValue(format, "size"), longValue(format, "bit_rate"),
        video == null ? null : intValue(video, "width"), video == null ? null : intValue(video, "height"),
        video == null || image ? null : frameRate(video), videoCodec,
        audio == null ? null : audio.path("codec_name").asText(null), video == null ? null : rotation(video),
        audio == null ? null : intValue(audio, "sample_rate"), audio == null ? null : intValue(audio, "channels"),
        video != null, audio != null, image);
  }

  static String contentType(String formatName, String majorBrand, String videoCodec, boolean hasVideo,
      boolean hasAudio, boolean image) {
    var names = Set.of(formatName.toLowerCase(Locale.ROOT).split(","));
    if (image) {
      return switch (videoCodec == null ? "" : videoCodec) {
        case "png" -> "image/png";
        case "mjpeg", "jpegls" -> "image/jpeg";
        case "webp" -> "image/webp";
        case "gif" -> "image/gif";
        case "bmp" -> "image/bmp";
        case "tiff" -> "image/tiff";
        default -> null;
      };
    }
    if (names.contains("mp4") || names.contains("mov")) {
      if (!hasVideo) {
        return "audio/mp4";
      }
      return majorBrand.strip().equals("qt") ? "video/quicktime" : "video/mp4";
    }
    if (names.contains("webm") || names.contains("matroska")) {
      boolean webmCodecs = videoCodec == null || Set.of("vp8", "vp9", "av1").contains(videoCodec);
      if (!hasVideo) {
        return "audio/webm";
      }
      return webmCodecs ? "video/webm" : "video/x-matroska";
    }
    if (names.contains("mp3")) {
      return "audio/mpeg";
    }
    if (names.contains("wav")) {
      return "audio/wav";
    }
    if (names.contains("ogg")) {
      return hasVideo ? "video/ogg" : "audio/ogg";
    }
    if (names.contains("flac")) {
      return "audio/flac";
    }
    if (names.contains("aac")) {
      return "audio/aac";
    }
    if (names.contains("mpegts")) {
      return "video/mp2t";
    }
    if (names.contains("avi")) {
      return "video/x-msvideo";
    }
    if (names.contains("gif")) {
      return "image/gif";
    }
    return null;
  }

  private static Double frameRate(JsonNode video) {
    var rate = video.path("avg_frame_rate").asText("0/0");
    if (rate.equals("0/0")) {
      rate = video.path("r_frame_rate").asText("0/0");
    }
    var parts = rate.split("/");
    try {
      double numerator = Double.parseDouble(parts[0]);
      double denominator = parts.length > 1 ? Double.parseDouble(parts[1]) : 1;
      return denominator == 0 ? null : Math.round(numerator / denominator * 1000) / 1000.0;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static Integer rotation(JsonNode video) {
    var tag = video.path("tags").path("rotate");
    if (!tag.isMissingNode()) {
      return tag.asInt();
    }
    for (var sideData : video.path("side_data_list")) {
      if (sideData.has("rotation")) {
        return sideData.path("rotation").asInt();
      }
    }
    return 0;
  }

  private static Double number(JsonNode node, String field) {
    var value = node.path(field);
    if (value.isMissingNode() || value.isNull()) {
      return null;
    }
    try {
      return Double.parseDouble(value.asText());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static Long longValue(JsonNode node, String field) {
    var value = number(node, field);
    return value == null ? null : value.longValue();
  }

  private static Integer intValue(JsonNode node, String field) {
    var value = number(node, field);
    return value == null ? null : value.intValue();
  }
}
