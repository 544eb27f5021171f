package dev.videoautomation.media.library;

import java.nio.file.Path;
import java.util.List;

/**
 * A finished local file about to become a stored object.
 *
 * @param file a file in a work dir; storing may move it
 * @param suggestedName the caller's name for it, cleaned before use
 * @param allowedTypes patterns such as {@code video/*}; empty means audio, video and images
 * @param sourceUrl the outside URL it came from, when it came from one
 */
public record Incoming(String clientId, String purpose, Path file, String suggestedName, List<String> allowedTypes,
    String sourceUrl) {
}
