package dev.videoautomation.records.posts;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.platform.lists.Tags;
import dev.videoautomation.records.common.OwnedRecord;

/** Bodies and answers of /v1/posts; posts name their id {@code postId}, as the reference's list item does. */
public final class PostDtos {
  private PostDtos() {
  }

  @RegisterForReflection
  public record Create(String accountId, String videoId, String caption, Long scheduledAt, List<Tags.Tag> tags) {
  }

  /** Partial update while scheduled; {@code id} or {@code postId} name the post on the collection-level PUT. */
  @RegisterForReflection
  public record Update(String id, String postId, String accountId, String videoId, String caption, Long scheduledAt,
      List<Tags.Tag> tags) {

    String anyId() {
      return id != null ? id : postId;
    }
  }

  @RegisterForReflection
  public record View(String postId, String accountId, String videoId, String caption, Long scheduledAt, String status,
      Long createdAt, Long updatedAt, Long publishedAt, String externalId, String postUrl, String errorCode,
      String errorMessage, List<Tags.Tag> tags) {

    static View from(Post p) {
      return new View(p.id, p.accountId, p.videoId, p.caption, OwnedRecord.millis(p.scheduledAt), p.status,
          OwnedRecord.millis(p.createdAt), OwnedRecord.millis(p.updatedAt), OwnedRecord.millis(p.publishedAt),
          p.externalId, p.postUrl, p.errorCode, p.errorMessage, p.tags);
    }
  }
}
