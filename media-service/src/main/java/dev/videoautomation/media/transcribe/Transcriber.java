package dev.videoautomation.media.transcribe;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.media.inputs.MediaInputs;
import dev.videoautomation.media.inputs.MediaSource;
import dev.videoautomation.media.provider.TranscriptionClient;
import dev.videoautomation.media.provider.TranscriptionConfig;
import dev.videoautomation.media.transcribe.TranscribeDtos.Segment;
import dev.videoautomation.media.transcribe.TranscribeDtos.TranscribeRequest;
import dev.videoautomation.media.transcribe.TranscribeDtos.Transcript;
import dev.videoautomation.media.transcribe.TranscribeDtos.Word;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ffmpeg.MediaTools;
import dev.videoautomation.platform.ffmpeg.WorkDir;
import dev.videoautomation.platform.spending.DryRuns;
import dev.videoautomation.platform.spending.SpendingOperation;

/**
 * Speech to text: the sound track is extracted and compressed with ffmpeg (mono, 16 kHz, 32 kbit/s MP3, about
 * 14 MB an hour), split into pieces under the provider's upload limit when longer, each piece transcribed, and the
 * pieces' times shifted by where each starts so the result reads as one transcript.
 */
@ApplicationScoped
public class Transcriber {
  private static final Pattern LANGUAGE = Pattern.compile("[a-z]{2,3}");
  private final MediaInputs inputs;
  private final MediaTools tools;
  private final TranscriptionClient client;
  private final TranscriptionConfig config;
  private final DryRuns dryRuns;

  public Transcriber(MediaInputs inputs, MediaTools tools, TranscriptionClient client, TranscriptionConfig config,
      DryRuns dryRuns) {
    this.inputs = inputs;
    this.tools = tools;
    this.client = client;
    this.config = config;
    this.dryRuns = dryRuns;
  }

  public Transcript transcribe(TranscribeRequest request) {
    if (request == null || (request.videoUrl() == null && request.mediaId() == null)) {
      throw ApiException.invalidField("videoUrl", "is required");
    }
    var format = request.format() == null ? "json" : request.format().toLowerCase(Locale.ROOT);
    if (!List.of("json", "srt", "vtt").contains(format)) {
      throw ApiException.invalidField("format", "must be json, srt or vtt");
    }
    if (request.language() != null && !LANGUAGE.matcher(request.language()).matches()) {
      throw ApiException.invalidField("language", "must be an ISO-639-1 code such as en or de");
    }
    if (request.prompt() != null && request.prompt().length() > TranscribeDtos.MAX_PROMPT) {
      throw ApiException.invalidField("prompt", "must be at most " + TranscribeDtos.MAX_PROMPT + " characters");
    }
    inputs.check(request.videoUrl(), request.mediaId());
    client.requireConfigured();
    if (dryRuns.requested()) {
      inputs.judgeRequest(request.videoUrl(), request.mediaId());
      dryRuns.stopIfRequested(SpendingOperation.TRANSCRIBE_MEDIA);
    }
    try (var work = tools.workDir()) {
      var source = inputs.fromRequest(request.videoUrl(), request.mediaId(), work);
      var transcript = transcribe(source, work, request.language(), request.prompt());
      return switch (format) {
        case "srt" -> withSubtitles(transcript, "srt", Subtitles.srt(transcript.segments()));
        case "vtt" -> withSubtitles(transcript, "vtt", Subtitles.vtt(transcript.segments()));
        default -> transcript;
      };
    }
  }

  /** The transcript of a resolved source; for watch and compliance as well as the public endpoint. */
  public Transcript transcribe(MediaSource source, WorkDir work, String language, String prompt) {
    client.requireConfigured();
    if (!source.info().hasAudio()) {
      throw new ApiException(ApiError.of(ErrorCode.UNPROCESSABLE, "This media has no audio track to transcribe.")
          .with("field", "videoUrl"));
    }
    var audio = work.file("speech.mp3");
    tools.ffmpeg(List.of("-i", source.file().toString(), "-vn", "-map", "0:a:0", "-ac", "1", "-ar", "16000",
        "-c:a", "libmp3lame", "-b:a", "32k", audio.toString()));
    var chunks = split(audio, work);
    var text = new StringBuilder();
    var segments = new ArrayList<Segment>();
    var words = new ArrayList<Word>();
    String detected = null;
    double offset = 0;
    for (var chunk : chunks) {
      // Only the caller's ISO code is a valid hint: providers report the detected language by name ("english").
      var part = client.transcribe(chunk, language, prompt);
      if (detected == null) {
        detected = part.language();
      }
      if (!part.text().isEmpty()) {
        text.append(text.isEmpty() ? "" : " ").append(part.text());
      }
      for (var segment : part.segments()) {
        segments.add(new Segment(round(segment.start() + offset), round(segment.end() + offset), segment.text()));
      }
      for (var word : part.words()) {
        words.add(new Word(word.text(), round(word.start() + offset), round(word.end() + offset)));
      }
      offset += chunkDuration(chunk, part.duration());
    }
    var duration = source.info().durationSeconds() != null ? source.info().durationSeconds() : offset;
    return new Transcript(text.toString(), detected, round(duration), segments, words, client.model(), chunks.size(),
        null, null);
  }

  /**
   * Pieces no bigger than the provider's limit: at 32 kbit/s constant rate the size is proportional to the duration,
   * so the piece length is the limit's share of the whole (with a margin), cut on frame boundaries with -c copy.
   */
  List<Path> split(Path audio, WorkDir work) {
    try {
      long size = Files.size(audio);
      if (size <= config.maxUploadBytes()) {
        return List.of(audio);
      }
      var info = tools.requireProbe(audio, "videoUrl");
      double seconds = info.durationSeconds() == null ? 0 : info.durationSeconds();
      double pieceSeconds = Math.max(1, Math.floor(seconds * config.maxUploadBytes() / size * 0.9));
      tools.ffmpeg(List.of("-i", audio.toString(), "-f", "segment", "-segment_time",
          String.format(Locale.ROOT, "%.0f", pieceSeconds), "-c", "copy", "-reset_timestamps", "1",
          work.file("piece-%04d.mp3").toString()));
      try (var files = Files.list(work.path())) {
        return files.filter(file -> file.getFileName().toString().startsWith("piece-")).sorted().toList();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private double chunkDuration(Path chunk, Double reported) {
    return tools.probe(chunk).map(info -> info.durationSeconds()).orElse(reported == null ? 0 : reported);
  }

  private static Transcript withSubtitles(Transcript transcript, String format, String subtitles) {
    return new Transcript(transcript.text(), transcript.language(), transcript.durationSeconds(),
        transcript.segments(), transcript.words(), transcript.model(), transcript.chunks(), format, subtitles);
  }

  private static double round(double seconds) {
    return Math.round(seconds * 1000) / 1000.0;
  }
}
