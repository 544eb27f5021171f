package dev.videoautomation.records.openapi;

import dev.videoautomation.platform.lists.Tags;

/**
 * What the six kinds' schema annotations share, as constants: the bounds and forms of their fields and the few words
 * their bodies and answers all carry. The operations' words live in {@code META-INF/openapi.yaml}; a schema field's
 * words stay here, beside its bounds, since a field described in YAML would outlive a renamed record component there
 * unnoticed.
 */
public final class ApiDocs {
  /** Every id of the suite: a prefix, an underscore and base62 (platform {@code Ids}), 64 characters at most. */
  public static final int ID_MAX = 64;
  public static final String ACCOUNT_ID = "^acc_[0-9A-Za-z]+$";
  public static final String POST_ID = "^pst_[0-9A-Za-z]+$";
  public static final String REFERENCE_ID = "^ref_[0-9A-Za-z]+$";
  public static final String ASSET_ID = "^ast_[0-9A-Za-z]+$";
  public static final String PROJECT_ID = "^prj_[0-9A-Za-z]+$";
  public static final String CAMPAIGN_ID = "^cmp_[0-9A-Za-z]+$";
  public static final String RECORD_ID = "^(acc|pst|ref|ast|prj|cmp)_[0-9A-Za-z]+$";
  public static final String GENERATED_VIDEO_ID = "^vid_[0-9A-Za-z]+$";
  public static final String MEDIA_ID = "^med_[0-9A-Za-z]+$";
  /** What an error code or a failure reason looks like (the {@code Error} schema's {@code error}). */
  public static final int CODE_MAX = 64;
  public static final String CODE_PATTERN = "^[a-z]+(_[a-z]+)*$";
  /** The last millisecond of the year 9999: the latest instant a record's time fields take (PostgreSQL stores more). */
  public static final long EPOCH_MS_LAST = 253_402_300_799_999L;
  public static final String EPOCH_MS_MAX = "253402300799999";
  public static final String INT32_MAX = "2147483647";
  public static final String INT64_MAX = "9223372036854775807";
  public static final int TAGS_MAX = Tags.MAX_PER_RECORD;

  public static final String TAGS = "Tags as `{key, value}` pairs, in the order given: at most " + Tags.MAX_PER_RECORD
      + ", keys unique. List calls filter on them with `tag[<key>]=<value>`.";
  public static final String METADATA = "Any JSON object of yours, at most 16 KiB once serialized; kept as given.";
  public static final String CREATED_AT = "When the record was created, epoch milliseconds.";
  public static final String UPDATED_AT = "When the record last changed, epoch milliseconds.";
  public static final String UPDATE_BODY = "Partial update: fields absent (or null) keep their stored value.";
  public static final String BODY_ID = "Names the record on the collection-level PUT (instead of `?id=`); on "
      + "PUT /{id} it may be given only if it is the path's id.";

  /** A job's one-off receiver on the creating POSTs, and the secret its deliveries are signed with (docs/jobs.md). */
  public static final int URL_MAX = 2048;
  public static final String WEBHOOK_URL = "Where to POST this job's events (Standard Webhooks, signed with the "
      + "`webhookSecret` of the answer): https, a public address. Needs webhooks configured on the deployment (else "
      + "503 `provider_not_configured`).";
  public static final int WEBHOOK_SECRET_MAX = 64;
  public static final String WEBHOOK_SECRET_PATTERN = "^whsec_[A-Za-z0-9+/]+={0,2}$";
  public static final String WEBHOOK_SECRET = "The secret this job's `webhookUrl` deliveries are signed with "
      + "(Standard Webhooks: verify `webhook-signature` with it). Only in the answer to a create that gave "
      + "`webhookUrl`, and shown only there.";

  private ApiDocs() {
  }
}
