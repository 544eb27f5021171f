package dev.videoautomation.media.inputs;

import java.nio.file.Path;

import dev.videoautomation.platform.ffmpeg.MediaInfo;

/**
 * A source ready for ffmpeg: a local file (the stored object itself with local storage, otherwise a copy in the
 * request's work dir) and what ffprobe says about it.
 *
 * @param mediaId the stored object it is, when it is one
 * @param url the URL the caller gave, or the object's public URL
 */
public record MediaSource(Path file, MediaInfo info, String mediaId, String url) {
}
