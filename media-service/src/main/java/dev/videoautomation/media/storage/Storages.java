package dev.videoautomation.media.storage;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;

import dev.videoautomation.platform.config.SuiteConfig;

/**
 * Chooses the storage adapter from {@code media.storage.kind}; local CDN URLs start with the suite-wide
 * {@code public-base-url}.
 */
@ApplicationScoped
public class Storages {

  @Produces
  @ApplicationScoped
  ObjectStorage storage(StorageConfig config, SuiteConfig suite) {
    // Credentials are always static: the SDK must never fall back to asking instance metadata.
    System.setProperty("aws.disableEc2Metadata", "true");
    return switch (config.kind()) {
      case "local" -> new LocalStorage(config.local().dir(), suite.publicBaseUrl());
      case "s3" -> new S3Storage(config.s3());
      default -> throw new IllegalStateException("MEDIA_STORAGE_KIND must be local or s3, not " + config.kind());
    };
  }

  void close(@Disposes ObjectStorage storage) {
    if (storage instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception e) {
        // Shutting down; nothing left to do with it.
      }
    }
  }
}
