package dev.videoautomation.records.posts;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import dev.videoautomation.records.common.OwnedRecord;

/** A scheduled post of a video to one of the client's accounts; also the row the publisher works. */
@Entity
@Table(name = "posts")
public class Post extends OwnedRecord {
  public static final String SCHEDULED = "scheduled";
  public static final String PUBLISHING = "publishing";
  public static final String PUBLISHED = "published";
  public static final String FAILED = "failed";
  public static final String CANCELED = "canceled";

  @Column(name = "account_id")
  public String accountId;

  /** An asset ({@code ast_…}), a generated video ({@code vid_…}) or an upload ({@code med_…}). */
  @Column(name = "video_id")
  public String videoId;

  /**
   * The public URL handed to the publisher: the asset's or the upload's CDN URL, or the generated video's once it
   * succeeded.
   */
  @Column(name = "video_url")
  public String videoUrl;

  public String caption;

  @Column(name = "scheduled_at")
  public Instant scheduledAt;

  public String status;

  @Column(name = "lease_until")
  public Instant leaseUntil;

  @Column(name = "published_at")
  public Instant publishedAt;

  @Column(name = "external_id")
  public String externalId;

  @Column(name = "post_url")
  public String postUrl;

  @Column(name = "error_code")
  public String errorCode;

  @Column(name = "error_message")
  public String errorMessage;

  /** The number of the post's last job event (docs/jobs.md): raised with every change of its status. */
  @Column(name = "event_seq")
  public long eventSeq;

  /**
   * When publishing must have started: {@code scheduledAt} plus the configured deadline; past it a {@code scheduled}
   * post fails {@code deadline_exceeded}.
   */
  @Column(name = "deadline_at")
  public Instant deadlineAt;

  /** When the publisher took it ({@code publishing}). */
  @Column(name = "started_at")
  public Instant startedAt;

  @Column(name = "finished_at")
  public Instant finishedAt;

  /** The one-off receiver of its job events, given at creation. */
  @Column(name = "webhook_url")
  public String webhookUrl;
}
