package dev.videoautomation.gateway.jobs;

import java.util.Optional;
import java.util.Set;

import dev.videoautomation.gateway.routing.Owner;

/**
 * Which service owns a job, by its id's prefix (docs/jobs.md): clone-service for {@code vid_}, {@code img_},
 * {@code trk_}; records-service for {@code acc_}, {@code pst_}. Kinds map the same way for list filters.
 */
public final class JobOwners {
  public static final Set<String> KINDS = Set.of("clone.video", "image", "music", "account.verify", "post.publish");
  public static final Set<String> STATUSES = Set.of("pending", "running", "succeeded", "failed", "canceled");
  public static final Set<String> TERMINAL = Set.of("succeeded", "failed", "canceled");
  /** Job ids are a prefix and 22 base-62 characters; anything longer or stranger names no job. */
  private static final int MAX_ID_LENGTH = 64;

  private JobOwners() {
  }

  /** The owner of the job {@code id}; empty for an id no owner holds. */
  public static Optional<Owner> ofId(String id) {
    if (id == null || id.length() > MAX_ID_LENGTH || !id.matches("[a-z]{3}_[0-9A-Za-z]+")) {
      return Optional.empty();
    }
    return switch (id.substring(0, 4)) {
      case "vid_", "img_", "trk_" -> Optional.of(Owner.CLONE);
      case "acc_", "pst_" -> Optional.of(Owner.RECORDS);
      default -> Optional.empty();
    };
  }

  /** The owner of the jobs of {@code kind} (one of {@link #KINDS}). */
  public static Owner ofKind(String kind) {
    return kind.startsWith("account.") || kind.startsWith("post.") ? Owner.RECORDS : Owner.CLONE;
  }

  public static boolean terminal(String status) {
    return status != null && TERMINAL.contains(status);
  }
}
