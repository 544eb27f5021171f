package dev.videoautomation.records.posts;

import java.util.List;

import jakarta.ws.rs.core.MultivaluedMap;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.platform.lists.Tags;
import dev.videoautomation.records.common.OwnedRecord;
import dev.videoautomation.records.openapi.ApiDocs;

/** Bodies and answers of /v1/posts; posts name their id {@code postId}, as the reference's list item does. */
public final class PostDtos {
  /** What {@code videoId} may name: an asset, a generated video or an upload of the caller's. */
  static final String VIDEO_ID = "^(ast|vid|med)_[0-9A-Za-z]+$";
  static final String VIDEO_ID_TEXT = "Any of your published media: an asset (`ast_…`), a generated video "
      + "(`vid_…`) or an upload (`med_…`, a video).";
  static final String SCHEDULED_AT_TEXT = "When to publish, epoch milliseconds; now when absent.";

  private PostDtos() {
  }

  /**
   * The list's own filters, read from its query (documented with the list, GET /v1/posts in
   * META-INF/openapi.yaml).
   */
  public record Filters(String status, String accountId) {
    static Filters from(MultivaluedMap<String, String> query) {
      return new Filters(query.getFirst("status"), query.getFirst("accountId"));
    }
  }

  @RegisterForReflection
  @Schema(name = "PostCreate", additionalProperties = Schema.False.class)
  public record Create(
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.ACCOUNT_ID,
          description = "One of your accounts, not `failed`.") String accountId,
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = VIDEO_ID, description = VIDEO_ID_TEXT)
      String videoId,
      @Schema(nullable = true, maxLength = PostService.MAX_CAPTION) String caption,
      @Schema(nullable = true, minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = SCHEDULED_AT_TEXT) Long scheduledAt,
      @Schema(nullable = true, maxItems = ApiDocs.TAGS_MAX, description = ApiDocs.TAGS) List<Tags.Tag> tags,
      @Schema(nullable = true, maxLength = ApiDocs.URL_MAX, description = ApiDocs.WEBHOOK_URL) String webhookUrl) {
  }

  /** Partial update while scheduled; {@code id} or {@code postId} name the post on the collection-level PUT. */
  @RegisterForReflection
  @Schema(name = "PostUpdate", additionalProperties = Schema.False.class, description = ApiDocs.UPDATE_BODY
      + " Only while the post is `scheduled`.")
  public record Update(
      @Schema(nullable = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.POST_ID,
          description = ApiDocs.BODY_ID) String id,
      @Schema(nullable = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.POST_ID,
          description = "Another name for `id`.") String postId,
      @Schema(nullable = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.ACCOUNT_ID) String accountId,
      @Schema(nullable = true, maxLength = ApiDocs.ID_MAX, pattern = VIDEO_ID, description = VIDEO_ID_TEXT)
      String videoId,
      @Schema(nullable = true, maxLength = PostService.MAX_CAPTION) String caption,
      @Schema(nullable = true, minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = "When to publish, epoch milliseconds.") Long scheduledAt,
      @Schema(nullable = true, maxItems = ApiDocs.TAGS_MAX, description = ApiDocs.TAGS) List<Tags.Tag> tags) {

    String anyId() {
      return id != null ? id : postId;
    }
  }

  @RegisterForReflection
  @Schema(name = "PostView", description = "A video scheduled for one of your accounts, and how publishing went.")
  public record View(
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.POST_ID) String postId,
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.ACCOUNT_ID) String accountId,
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = VIDEO_ID) String videoId,
      @Schema(required = true, nullable = true, maxLength = PostService.MAX_CAPTION) String caption,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = "When it is (or was) due, epoch milliseconds.")
      Long scheduledAt,
      @Schema(required = true, enumeration = {"scheduled", "publishing", "published", "failed", "canceled"},
          description = "`scheduled` → `publishing` → `published` | `failed`; `canceled` when canceled while "
          + "`scheduled` (`POST /v1/jobs/{id}/cancel`), never sent.") String status,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = ApiDocs.CREATED_AT) Long createdAt,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = ApiDocs.UPDATED_AT) Long updatedAt,
      @Schema(required = true, nullable = true, minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = "When it was published, epoch "
          + "milliseconds.") Long publishedAt,
      @Schema(required = true, nullable = true, description = "The network's post id (else the publisher's), once "
          + "published.") String externalId,
      @Schema(required = true, nullable = true, description = "The post on the network, once published.")
      String postUrl,
      @Schema(required = true, nullable = true, maxLength = ApiDocs.CODE_MAX, pattern = ApiDocs.CODE_PATTERN,
          example = "publisher_not_configured", description = "Why it `failed`: `publish_rejected`, "
          + "`publisher_auth_failed`, `publisher_rate_limited`, `publisher_error`, `publisher_unreachable`, "
          + "`publish_unconfirmed`, `publish_interrupted`, `publisher_not_configured`, `account_unavailable`, "
          + "`video_not_found`, `video_not_ready`, `video_unavailable`, `deadline_exceeded` (publishing had not "
          + "started 1 h after `scheduledAt`; nothing was sent).") String errorCode,
      @Schema(required = true, nullable = true, description = "What went wrong, with the publisher's own message "
          + "when it gave one.") String errorMessage,
      @Schema(required = true, maxItems = ApiDocs.TAGS_MAX) List<Tags.Tag> tags,
      @JsonInclude(JsonInclude.Include.NON_NULL) @Schema(maxLength = ApiDocs.WEBHOOK_SECRET_MAX,
          pattern = ApiDocs.WEBHOOK_SECRET_PATTERN, description = ApiDocs.WEBHOOK_SECRET) String webhookSecret) {

    static View from(Post p) {
      return created(p, null);
    }

    /** The answer to the create: the post, and the secret of its {@code webhookUrl} when it has one. */
    static View created(Post p, String webhookSecret) {
      return new View(p.id, p.accountId, p.videoId, p.caption, OwnedRecord.millis(p.scheduledAt), p.status,
          OwnedRecord.millis(p.createdAt), OwnedRecord.millis(p.updatedAt), OwnedRecord.millis(p.publishedAt),
          p.externalId, p.postUrl, p.errorCode, p.errorMessage, p.tags, webhookSecret);
    }
  }
}
