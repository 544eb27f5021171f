package dev.videoautomation.platform.jobs;

import java.util.Optional;

import dev.videoautomation.platform.ids.IdPrefix;

/**
 * The kinds of job (docs/jobs.md), each with its wire value, the id prefix that names it and the service that owns
 * it. The gateway routes {@code /v1/jobs/{id}} by {@link #ofId(String)}; owners write {@link #wire()} into the view.
 */
public enum JobKind {
  CLONE_VIDEO("clone.video", IdPrefix.VID, Owner.CLONE),
  IMAGE("image", IdPrefix.IMG, Owner.CLONE),
  MUSIC("music", IdPrefix.TRK, Owner.CLONE),
  ACCOUNT_VERIFY("account.verify", IdPrefix.ACC, Owner.RECORDS),
  POST_PUBLISH("post.publish", IdPrefix.PST, Owner.RECORDS);

  /** The services that own jobs, by their REST client names (docs/internal-api.md §1.1). */
  public enum Owner {
    CLONE("clone"), RECORDS("records");

    private final String service;

    Owner(String service) {
      this.service = service;
    }

    /** {@code clone} or {@code records}: the {@code <name>-client} and {@code gateway.owners.<name>} key. */
    public String service() {
      return service;
    }
  }

  private final String wire;
  private final IdPrefix prefix;
  private final Owner owner;

  JobKind(String wire, IdPrefix prefix, Owner owner) {
    this.wire = wire;
    this.prefix = prefix;
    this.owner = owner;
  }

  public String wire() {
    return wire;
  }

  public IdPrefix prefix() {
    return prefix;
  }

  public Owner owner() {
    return owner;
  }

  /** The kind of a wire value; empty for anything else. */
  public static Optional<JobKind> fromWire(String value) {
    for (var kind : values()) {
      if (kind.wire.equals(value)) {
        return Optional.of(kind);
      }
    }
    return Optional.empty();
  }

  /**
   * The kind a job id names by its prefix ({@code vid_…} is a clone render); empty for an id of no job kind. Only the
   * prefix is looked at: whether such a job exists is the owner's answer.
   */
  public static Optional<JobKind> ofId(String id) {
    if (id == null) {
      return Optional.empty();
    }
    for (var kind : values()) {
      if (id.startsWith(kind.prefix.prefix() + "_")) {
        return Optional.of(kind);
      }
    }
    return Optional.empty();
  }
}
