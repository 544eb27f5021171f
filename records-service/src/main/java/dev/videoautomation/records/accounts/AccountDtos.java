package dev.videoautomation.records.accounts;

import java.util.List;
import java.util.Map;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.platform.lists.Tags;
import dev.videoautomation.records.common.OwnedRecord;

/** Bodies and answers of /v1/accounts. */
public final class AccountDtos {
  private AccountDtos() {
  }

  @RegisterForReflection
  public record Create(String platform, String name, List<Tags.Tag> tags, Map<String, Object> metadata) {
  }

  /** Partial update: absent fields stay as they are. platform and name are named only to refuse them clearly. */
  @RegisterForReflection
  public record Update(String id, String platform, String name, List<Tags.Tag> tags, Map<String, Object> metadata) {
  }

  @RegisterForReflection
  public record View(String id, String platform, String name, String status, boolean verified, String failureReason,
      String displayName, Long followers, String profileUrl, List<Tags.Tag> tags, Map<String, Object> metadata,
      int creditsCharged, Long createdAt, Long updatedAt) {

    static View from(Account a) {
      return new View(a.id, a.platform, a.name, a.status, a.verified, a.failureReason, a.displayName, a.followers,
          a.profileUrl, a.tags, a.metadata, a.creditsCharged, OwnedRecord.millis(a.createdAt),
          OwnedRecord.millis(a.updatedAt));
    }
  }
}
