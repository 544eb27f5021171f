package dev.videoautomation.records.accounts;

import java.util.List;
import java.util.Map;

import jakarta.ws.rs.core.MultivaluedMap;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.platform.lists.Tags;
import dev.videoautomation.records.common.Inputs;
import dev.videoautomation.records.common.OwnedRecord;
import dev.videoautomation.records.openapi.ApiDocs;

/** Bodies and answers of /v1/accounts. */
public final class AccountDtos {
  private AccountDtos() {
  }

  /**
   * The list's own filters, read from its query (documented with the list, GET /v1/accounts in
   * META-INF/openapi.yaml).
   */
  public record Filters(String status, String platform) {
    static Filters from(MultivaluedMap<String, String> query) {
      return new Filters(query.getFirst("status"), query.getFirst("platform"));
    }
  }

  @RegisterForReflection
  @Schema(name = "AccountCreate", additionalProperties = Schema.False.class)
  public record Create(
      @Schema(required = true, enumeration = {"shortvideo", "photo"}) String platform,
      @Schema(required = true, minLength = 1, maxLength = Inputs.MAX_NAME, example = "some.creator",
          description = "The handle, with or without @.") String name,
      @Schema(nullable = true, maxItems = ApiDocs.TAGS_MAX, description = ApiDocs.TAGS) List<Tags.Tag> tags,
      @Schema(nullable = true, description = ApiDocs.METADATA) Map<String, Object> metadata,
      @Schema(nullable = true, maxLength = ApiDocs.URL_MAX, description = ApiDocs.WEBHOOK_URL) String webhookUrl) {
  }

  /**
   * Partial update: absent fields stay as they are. platform and name are read only to refuse them clearly, so the
   * document leaves them out.
   */
  @RegisterForReflection
  @Schema(name = "AccountUpdate", additionalProperties = Schema.False.class, description = ApiDocs.UPDATE_BODY
      + " `platform` and `name` cannot change (400 naming them): create a new account instead.")
  public record Update(
      @Schema(nullable = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.ACCOUNT_ID,
          description = ApiDocs.BODY_ID) String id,
      @Schema(hidden = true) String platform,
      @Schema(hidden = true) String name,
      @Schema(nullable = true, maxItems = ApiDocs.TAGS_MAX, description = ApiDocs.TAGS) List<Tags.Tag> tags,
      @Schema(nullable = true, description = ApiDocs.METADATA) Map<String, Object> metadata) {
  }

  @RegisterForReflection
  @Schema(name = "AccountView", description = "A social account to publish to, and how its verification went.")
  public record View(
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.ACCOUNT_ID) String id,
      @Schema(required = true, enumeration = {"shortvideo", "photo"}) String platform,
      @Schema(required = true, maxLength = Inputs.MAX_NAME, description = "The handle as given.") String name,
      @Schema(required = true, enumeration = {"creating", "active", "failed"}, description = "`creating` until the "
          + "handle is checked (as a job, `account.verify`: running; it cannot be canceled), then `active` or "
          + "`failed`.") String status,
      @Schema(required = true, description = "Whether the handle was found by the scraping provider; false while "
          + "`creating`, when it failed, or when no provider could check it.") boolean verified,
      @Schema(required = true, nullable = true, maxLength = ApiDocs.CODE_MAX, pattern = ApiDocs.CODE_PATTERN,
          example = "account_not_found", description = "Why the account `failed`: `account_not_found`, "
          + "`verification_unavailable`, `deadline_exceeded` (not verified within the deadline, 1 h by default), "
          + "or the provider's refusal (e.g. `unsupported_platform`).")
      String failureReason,
      @Schema(required = true, nullable = true, description = "The provider's display name, once verified.")
      String displayName,
      @Schema(required = true, nullable = true, minimum = "0", maximum = ApiDocs.INT64_MAX,
          description = "Followers, once verified.")
      Long followers,
      @Schema(required = true, nullable = true, description = "The provider's profile URL, once verified.")
      String profileUrl,
      @Schema(required = true, maxItems = ApiDocs.TAGS_MAX) List<Tags.Tag> tags,
      @Schema(required = true) Map<String, Object> metadata,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.INT32_MAX,
          description = "Credits charged for `account.create` (not refunded "
          + "when the account is deleted; refunded once when it fails).") int creditsCharged,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = ApiDocs.CREATED_AT) Long createdAt,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = ApiDocs.UPDATED_AT) Long updatedAt,
      @JsonInclude(JsonInclude.Include.NON_NULL) @Schema(maxLength = ApiDocs.WEBHOOK_SECRET_MAX,
          pattern = ApiDocs.WEBHOOK_SECRET_PATTERN, description = ApiDocs.WEBHOOK_SECRET) String webhookSecret) {

    static View from(Account a) {
      return created(a, null);
    }

    /** The answer to the create: the account, and the secret of its {@code webhookUrl} when it has one. */
    static View created(Account a, String webhookSecret) {
      return new View(a.id, a.platform, a.name, a.status, a.verified, a.failureReason, a.displayName, a.followers,
          a.profileUrl, a.tags, a.metadata, a.creditsCharged, OwnedRecord.millis(a.createdAt),
          OwnedRecord.millis(a.updatedAt), webhookSecret);
    }
  }
}
