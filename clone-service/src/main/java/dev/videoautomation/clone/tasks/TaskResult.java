package dev.videoautomation.clone.tasks;

import java.util.List;

/** What a finished task produced: its stored file(s) in the suite's CDN and what ffprobe or media said of them. */
public record TaskResult(String resultUrl, List<String> resultUrls, String mediaId, String contentType,
    Double durationSeconds, Integer width, Integer height, String imageUrl) {
}
