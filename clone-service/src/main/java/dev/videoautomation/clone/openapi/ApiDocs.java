package dev.videoautomation.clone.openapi;

import dev.videoautomation.platform.lists.PageRequest;

/**
 * The Java side of clone-service's OpenAPI description: tag names, the shared answers each kind of operation names
 * (x-answers, docs/openapi.md) and the bounds and short wording its schemas share, as annotation constants. The
 * operations' prose and examples, and the answers of clone's own, are in {@code META-INF/openapi.yaml}.
 */
public final class ApiDocs {
  public static final String TAG_CLONE = "Clone";
  public static final String TAG_CLONE_TEXT = "The clone workflow: check a source clip, generate a character and "
      + "its starting frame, then render the character performing the source's motion with its soundtrack.";
  public static final String TAG_IMAGES = "Images";
  public static final String TAG_IMAGES_TEXT = "Image generation tasks (text to image, or an edit of a reference "
      + "image), stored in the CDN; character and frame images of the clone workflow are polled here too.";
  public static final String TAG_MUSIC = "Music";
  public static final String TAG_MUSIC_TEXT = "Music tracks generated from a prompt, stored in the CDN.";
  public static final String TAG_VIDEOS = "Generated videos";
  public static final String TAG_VIDEOS_TEXT = "Every video this suite generated for you (today: clone renders).";

  /** x-answers (docs/openapi.md): the provider, media or billing failing, not answering or not configured. */
  private static final String FAULTS = "502=CloneProviderFailed,503=CloneUnavailable,504=CloneProviderTimeout";
  /** The refusals of a field that names the caller's media or a URL: refused, not found, too large to inline. */
  private static final String MEDIA_FIELDS = "400=CloneMediaRefused,404=CloneMediaNotFound,413=CloneInlineTooLarge";
  /** A JSON body that charges credits and starts a provider task: no credits, not JSON, the faults. */
  public static final String PROVIDER_TASK = "402=CloneInsufficientCredits,415," + FAULTS;
  /** A provider task whose image fields may name the caller's media. */
  public static final String IMAGE_TASK = PROVIDER_TASK + "," + MEDIA_FIELDS;
  /**
   * A source video's answers: media stages a source given by URL (so 415 also covers a URL that is not a video), and
   * the source must be a video of bounded length (422).
   */
  private static final String SOURCE = "415=CloneNotJson,422=CloneUnprocessable";
  /** A provider task from a source video (frame, render). */
  public static final String SOURCE_TASK = "402=CloneInsufficientCredits," + SOURCE + "," + MEDIA_FIELDS + ","
      + FAULTS;
  /** The check of a source video: free of credits; its 400, 404 and 413 are its own. */
  public static final String SOURCE_CHECK = SOURCE + "," + FAULTS;
  /** A list of the caller's tasks, or one task by its id. */
  public static final String LIST = "400";
  public static final String BY_ID = "400,404";
  /** A cancel by id: also a job that has already finished. */
  public static final String CANCEL = BY_ID + ",409=CloneNotCancelable";

  /** The longest URL a field takes (as media-service bounds a URL it stages); checked by Bean Validation. */
  public static final int URL_MAX = 4096;
  public static final String URL_TOO_LONG = "must be at most " + URL_MAX + " characters";
  /** Every id of the suite: a prefix, an underscore and base62 (platform {@code Ids}), 64 characters at most. */
  public static final int ID_MAX = 64;
  public static final String VIDEO_ID = "^vid_[0-9A-Za-z]+$";
  public static final String IMAGE_ID = "^img_[0-9A-Za-z]+$";
  public static final String TRACK_ID = "^trk_[0-9A-Za-z]+$";
  public static final String MEDIA_ID = "^med_[0-9A-Za-z]+$";
  /** What an error code looks like (the {@code Error} schema's {@code error}). */
  public static final int CODE_MAX = 64;
  public static final String CODE_PATTERN = "^[a-z]+(_[a-z]+)*$";
  /** Server-written text (an error's message, a check's rule): as long as the {@code Error} schema's message. */
  public static final int TEXT_MAX = 2000;
  public static final String MODEL = "The provider model the task runs on (server configuration).";
  public static final String EPOCH_MS_MAX = "253402300799999";
  public static final String INT32_MAX = "2147483647";
  public static final String INT64_MAX = "9223372036854775807";
  public static final int PAGE_MAX = PageRequest.MAX_LIMIT;
  public static final int CURSOR_MAX = 128;
  public static final String CURSOR_PATTERN = "^[A-Za-z0-9_-]+$";

  /**
   * The job fields of the provider-backed creating POSTs and their answers (docs/jobs.md), each a schema of
   * META-INF/openapi.yaml worded once: {@code webhookUrl}, {@code deadlineSeconds}, {@code webhookSecret}.
   */
  public static final String WEBHOOK_URL_SCHEMA = "JobWebhookUrl";
  public static final String DEADLINE_SCHEMA = "JobDeadlineSeconds";
  public static final String WEBHOOK_SECRET_SCHEMA = "JobWebhookSecret";
  /** What {@code JobWebhookSecret} allows: {@code whsec_} and standard base64. */
  public static final String WEBHOOK_SECRET_PATTERN = "^whsec_[A-Za-z0-9+/]+={0,2}$";

  public static final String STATUS_TEXT = "`pending`, `running`, `succeeded`, `failed` or `canceled`.";
  public static final String PAGE = "One page of a list, newest first. `nextCursor` is null on the last page.";
  public static final String NEXT_CURSOR = "Pass as `cursor` for the next page; null on the last page.";
  public static final String CREATED_AT = "When it was created, epoch milliseconds.";
  public static final String UPDATED_AT = "When it last changed, epoch milliseconds.";

  private ApiDocs() {
  }
}
