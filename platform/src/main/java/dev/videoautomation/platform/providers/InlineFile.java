package dev.videoautomation.platform.providers;

import java.nio.file.Path;

/**
 * A file sent inside a JSON body as a data URI ({@code data:<contentType>;base64,…}) where the provider takes a URL:
 * a value of the body given to {@link ProviderBody#json}, streamed from disk when the body is sent.
 */
public record InlineFile(Path file, String contentType) {
}
