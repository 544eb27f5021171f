package dev.videoautomation.media.storage;

import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.model.DeleteObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * Objects in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO), served from the configured public base URL.
 * Credentials are static and the region explicit: the SDK never asks instance metadata.
 */
public final class S3Storage implements ObjectStorage, AutoCloseable {
  private static final String IMMUTABLE = "public, max-age=31536000, immutable";
  private final S3Client s3;
  private final String bucket;
  private final String publicBase;

  public S3Storage(StorageConfig.S3 config) {
    var missing = new java.util.ArrayList<String>();
    if (config.bucket().isEmpty()) {
      missing.add("MEDIA_STORAGE_S3_BUCKET");
    }
    if (config.accessKeyId().isEmpty()) {
      missing.add("MEDIA_STORAGE_S3_ACCESS_KEY_ID");
    }
    if (config.secretAccessKey().isEmpty()) {
      missing.add("MEDIA_STORAGE_S3_SECRET_ACCESS_KEY");
    }
    if (config.publicBaseUrl().isEmpty()) {
      missing.add("MEDIA_STORAGE_S3_PUBLIC_BASE_URL");
    }
    if (!missing.isEmpty()) {
      throw new IllegalStateException("MEDIA_STORAGE_KIND=s3 needs " + String.join(", ", missing));
    }
    var builder = S3Client.builder()
        .region(Region.of(config.region()))
        .credentialsProvider(StaticCredentialsProvider.create(
            AwsBasicCredentials.create(config.accessKeyId().get(), config.secretAccessKey().get())))
        .httpClientBuilder(UrlConnectionHttpClient.builder())
        .serviceConfiguration(S3Configuration.builder().pathStyleAccessEnabled(config.pathStyle()).build())
        // The SDK's default CRC checksums on every request are an AWS feature several S3-compatible stores
        // (older MinIO, some R2 setups) refuse; compute and check them only where the operation requires it.
        .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
        .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED);
    config.endpoint().ifPresent(endpoint -> builder.endpointOverride(URI.create(endpoint)));
    this.s3 = builder.build();
    this.bucket = config.bucket().get();
    this.publicBase = config.publicBaseUrl().get().replaceAll("/+$", "");
  }

  @Override
  public String kind() {
    return "s3";
  }

  @Override
  public void put(String key, Path file, String contentType) {
    try {
      s3.putObject(PutObjectRequest.builder().bucket(bucket).key(key).contentType(contentType)
          .cacheControl(IMMUTABLE).build(), RequestBody.fromFile(file));
      Files.deleteIfExists(file);
    } catch (SdkException | java.io.IOException e) {
      throw storageFault("store", e);
    }
  }

  @Override
  public InputStream open(String key, long offset, long length) {
    var request = GetObjectRequest.builder().bucket(bucket).key(key);
    if (offset > 0 || length >= 0) {
      request.range("bytes=" + offset + "-" + (length < 0 ? "" : String.valueOf(offset + length - 1)));
    }
    try {
      return s3.getObject(request.build());
    } catch (SdkException e) {
      throw storageFault("read", e);
    }
  }

  @Override
  public Optional<Path> localPath(String key) {
    return Optional.empty();
  }

  @Override
  public String publicUrl(String key) {
    return publicBase + "/" + key;
  }

  @Override
  public void delete(String key) {
    try {
      s3.deleteObject(DeleteObjectRequest.builder().bucket(bucket).key(key).build());
    } catch (SdkException e) {
      throw storageFault("delete", e);
    }
  }

  @Override
  public void close() {
    s3.close();
  }

  private static ApiException storageFault(String action, Exception e) {
    return new ApiException(ApiError.of(ErrorCode.SERVICE_UNAVAILABLE,
        "Object storage could not " + action + " the object; try again.").with("detail", e.getClass().getSimpleName()));
  }
}
