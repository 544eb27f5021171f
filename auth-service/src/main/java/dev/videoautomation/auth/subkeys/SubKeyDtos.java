package dev.videoautomation.auth.subkeys;

import static dev.videoautomation.auth.openapi.DocumentedForms.KEY_LENGTH;
import static dev.videoautomation.auth.openapi.DocumentedForms.KEY_PATTERN;
import static dev.videoautomation.auth.openapi.DocumentedForms.MAX_EPOCH_MS;

import java.util.List;
import java.util.Map;

import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.auth.keys.KeyDtos.Scope;

/**
 * The bodies of {@code /v1/api_keys} and {@code /v1/api_keys/{id}} (issue 32 §3): camelCase, as the issue names them.
 * The bounds here are the ones {@link SubKeyRules} enforces; the prose is in META-INF/openapi.yaml.
 */
public final class SubKeyDtos {
  static final String KEY_ID_PATTERN = "^key_[0-9A-Za-z]{1,60}$";

  private SubKeyDtos() {
  }

  /** One metered bucket name, for the document only (platform {@code LimitBucket}; OpenApiDocumentTest holds both). */
  @Schema(name = "BucketName", type = SchemaType.STRING, enumeration = {"watch", "extract", "transcribe", "check",
      "compliance.video", "compliance.prompt", "overlay", "scrape", "download", "clone", "posts.create", "upload",
      "upload.url", "images.generate"}, description = "A daily limit bucket, as /v1/usage and /v1/pricing name it.")
  public static final class BucketName {
    private BucketName() {
    }
  }

  /** One bucket's count of calls per day, for the document only (a cap, or units taken today). */
  @Schema(name = "DailyUnitCount", type = SchemaType.INTEGER, format = "int32", minimum = "0", maximum = "1000000")
  public static final class UnitCount {
  }

  /** Bucket → calls per day (a cap, or units taken today), for the document only. */
  @Schema(name = "DailyUnits", type = SchemaType.OBJECT, maxProperties = 14, additionalProperties = UnitCount.class)
  public static final class DailyUnits {
  }

  /** A field of a key view that could not be read now, for the document only. */
  @Schema(name = "UnknownKeyField", type = SchemaType.STRING, enumeration = {"creditBudget", "creditsSpent",
      "unitsToday"})
  public static final class UnknownField {
  }

  @Schema(name = "NewApiKeyRequest")
  public record CreateRequest(
      @Schema(required = true, minLength = 1, maxLength = SubKeyRules.MAX_NAME) String name,
      @Schema(type = SchemaType.ARRAY, implementation = Scope.class, minItems = 1, maxItems = 2) List<String> scopes,
      @Schema(type = SchemaType.ARRAY, implementation = BucketName.class, maxItems = 14) List<String> buckets,
      @Schema(format = "int32", minimum = "0", maximum = SubKeyRules.MAX_BUDGET_TEXT) Integer creditBudget,
      @Schema(implementation = DailyUnits.class) Map<String, Integer> dailyUnits,
      @Schema(format = "int64", minimum = "1", maximum = SubKeyRules.MAX_EXPIRY_TEXT) Long expiresInSeconds) {
  }

  @Schema(name = "ApiKeyUpdate")
  public record UpdateRequest(
      @Schema(minLength = 1, maxLength = SubKeyRules.MAX_NAME) String name,
      @Schema(type = SchemaType.ARRAY, implementation = Scope.class, maxItems = 2, description = "Refused: a "
          + "sub-key's scopes do not change.") List<String> scopes,
      @Schema(type = SchemaType.ARRAY, implementation = BucketName.class, maxItems = 14) List<String> buckets,
      @Schema(format = "int32", minimum = "0", maximum = SubKeyRules.MAX_BUDGET_TEXT) Integer creditBudget,
      @Schema(implementation = DailyUnits.class) Map<String, Integer> dailyUnits,
      @Schema(format = "int64", minimum = "1", maximum = SubKeyRules.MAX_EXPIRY_TEXT) Long expiresInSeconds) {
  }

  /** A new sub-key, its credential shown this once. */
  @RegisterForReflection
  @Schema(name = "NewApiKey")
  public record Created(
      @Schema(required = true, pattern = KEY_ID_PATTERN, maxLength = 64) String id,
      @Schema(required = true, maxLength = SubKeyRules.MAX_NAME) String name,
      @Schema(required = true, minLength = KEY_LENGTH, maxLength = KEY_LENGTH, pattern = KEY_PATTERN,
          description = "The sub-key (svc_live_), shown once.") String credential,
      @Schema(required = true, type = SchemaType.ARRAY, implementation = Scope.class, maxItems = 2) List<String> scopes,
      @Schema(required = true, nullable = true, type = SchemaType.ARRAY, implementation = BucketName.class,
          maxItems = 14) List<String> buckets,
      @Schema(required = true, nullable = true, format = "int32", minimum = "0",
          maximum = SubKeyRules.MAX_BUDGET_TEXT) Integer creditBudget,
      @Schema(required = true, format = "int32", minimum = "0", maximum = "2147483647") Integer creditsSpent,
      @Schema(required = true, implementation = DailyUnits.class) Map<String, Integer> dailyUnits,
      @Schema(required = true, nullable = true, format = "int64", minimum = "0", maximum = MAX_EPOCH_MS)
      Long expiresAt,
      @Schema(required = true, format = "int64", minimum = "0", maximum = MAX_EPOCH_MS) long createdAt) {
  }

  /** A key of the client, primary or sub-key, never its secret. */
  @RegisterForReflection
  @Schema(name = "ApiKeyView")
  public record View(
      @Schema(required = true, pattern = KEY_ID_PATTERN, maxLength = 64) String id,
      @Schema(required = true, nullable = true, maxLength = SubKeyRules.MAX_NAME) String name,
      @Schema(required = true) boolean subKey,
      @Schema(required = true, nullable = true, pattern = KEY_ID_PATTERN, maxLength = 64) String parentKeyId,
      @Schema(required = true, enumeration = {"active", "expired"}) String status,
      @Schema(required = true, type = SchemaType.ARRAY, implementation = Scope.class, maxItems = 2) List<String> scopes,
      @Schema(required = true, nullable = true, type = SchemaType.ARRAY, implementation = BucketName.class,
          maxItems = 14) List<String> buckets,
      @Schema(required = true, nullable = true, format = "int32", minimum = "0",
          maximum = SubKeyRules.MAX_BUDGET_TEXT) Integer creditBudget,
      @Schema(required = true, nullable = true, format = "int32", minimum = "0", maximum = "2147483647")
      Integer creditsSpent,
      @Schema(required = true, implementation = DailyUnits.class) Map<String, Integer> dailyUnits,
      @Schema(required = true, nullable = true, implementation = DailyUnits.class)
      Map<String, Integer> unitsToday,
      @Schema(required = true, nullable = true, format = "int64", minimum = "0", maximum = MAX_EPOCH_MS)
      Long expiresAt,
      @Schema(required = true, format = "int64", minimum = "0", maximum = MAX_EPOCH_MS) long createdAt,
      @Schema(required = true, nullable = true, format = "int64", minimum = "0", maximum = MAX_EPOCH_MS)
      Long lastUsedAt,
      @Schema(required = true, type = SchemaType.ARRAY, maxItems = 3, implementation = UnknownField.class)
      List<String> unknown) {
  }

  @RegisterForReflection
  @Schema(name = "ApiKeyList")
  public record Listing(@Schema(required = true, maxItems = 1_000) List<View> data) {
  }

  @RegisterForReflection
  @Schema(name = "ApiKeyDeleted")
  public record Deleted(
      @Schema(required = true, pattern = KEY_ID_PATTERN, maxLength = 64) String id,
      @Schema(required = true, description = "Always true.") boolean deleted) {
  }
}
