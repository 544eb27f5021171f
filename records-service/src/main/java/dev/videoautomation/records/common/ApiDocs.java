package dev.videoautomation.records.common;

import dev.videoautomation.platform.lists.PageRequest;
import dev.videoautomation.platform.lists.Tags;

/**
 * The OpenAPI wording and bounds the six record kinds share, as annotation constants, so the six resources describe
 * the same behaviour in the same words. The error answers and the {@code limit}/{@code cursor} parameters they name
 * are components of {@code META-INF/openapi.yaml}; {@link RecordsOpenApi} adds the answers every operation shares.
 */
public final class ApiDocs {
  /** Components of META-INF/openapi.yaml, named by {@code ref}. */
  public static final String INVALID = "RecordInvalid";
  public static final String NOT_FOUND = "RecordNotFound";
  public static final String NOT_JSON = "RecordNotJson";
  public static final String UNAVAILABLE = "RecordsUnavailable";
  public static final String UPSTREAM_ERROR = "RecordsUpstreamError";
  public static final String UPSTREAM_TIMEOUT = "RecordsUpstreamTimeout";
  public static final String LIMIT = "RecordLimit";
  public static final String CURSOR = "RecordCursor";
  /** The {@code tag} filters of every list, {@code tag[<key>]=<value>} (deepObject). */
  public static final String TAG_FILTER = "RecordTagFilter";
  /** The optional {@code {"id"}} body of a collection-level DELETE (a request body component). */
  public static final String DELETE_BODY = "RecordDeleteBody";

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
  /** Encoded cursors are base64url of {@code c1:<createdAt>:<id>}: at most 116 characters. */
  public static final int CURSOR_MAX = 128;
  public static final String CURSOR_PATTERN = "^[A-Za-z0-9_-]+$";
  /** What an error code or a failure reason looks like (the {@code Error} schema's {@code error}). */
  public static final int CODE_MAX = 64;
  public static final String CODE_PATTERN = "^[a-z]+(_[a-z]+)*$";
  /** The last millisecond of the year 9999: the latest instant a record's time fields take (PostgreSQL stores more). */
  public static final long EPOCH_MS_LAST = 253_402_300_799_999L;
  public static final String EPOCH_MS_MAX = "253402300799999";
  public static final String INT32_MAX = "2147483647";
  public static final String INT64_MAX = "9223372036854775807";
  public static final int TAGS_MAX = Tags.MAX_PER_RECORD;
  public static final int PAGE_MAX = PageRequest.MAX_LIMIT;

  public static final String TAG_FILTERS = " Tag filters (`tag`): `tag[<key>]=<value>` or `tag.<key>=<value>`, "
      + "ANDed.";
  public static final String TAGS = "Tags as `{key, value}` pairs, in the order given: at most " + Tags.MAX_PER_RECORD
      + ", keys unique. List calls filter on them with `tag[<key>]=<value>`.";
  public static final String METADATA = "Any JSON object of yours, at most 16 KiB once serialized; kept as given.";
  public static final String CREATED_AT = "When the record was created, epoch milliseconds.";
  public static final String UPDATED_AT = "When the record last changed, epoch milliseconds.";
  public static final String PAGE = "One page of a list, newest first. `nextCursor` is null on the last page.";
  public static final String NEXT_CURSOR = "Pass as `cursor` for the next page; null on the last page.";
  public static final String QUERY_ID = "The record to act on; or send it as the body's `id`. Both given must agree; "
      + "neither is 400 naming `id`.";
  public static final String UPDATE_BODY = "Partial update: fields absent (or null) keep their stored value.";
  /** A collection-level PUT/DELETE's summary: the path-level one's and this ("Update a post" + NAMED_BY_ID). */
  public static final String NAMED_BY_ID = " named by ?id= or the body's id";
  /** Its description: "As PUT /v1/posts/{id}" + FOR_QUERY_OR_BODY, then "." or what the kind adds. */
  public static final String FOR_QUERY_OR_BODY = ", for callers that name the record in the query or the body";
  /** The 200 of a DELETE that answers {@link Deleted}. */
  public static final String DELETED = "Deleted.";
  public static final String BODY_ID = "Names the record on the collection-level PUT (instead of `?id=`); on "
      + "PUT /{id} it may be given only if it is the path's id.";

  private ApiDocs() {
  }
}
