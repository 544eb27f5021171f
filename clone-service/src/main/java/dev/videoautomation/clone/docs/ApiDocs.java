package dev.videoautomation.clone.docs;

import dev.videoautomation.platform.lists.PageRequest;

/**
 * The OpenAPI names, wording and bounds clone-service's operations share, as annotation constants. The shared error
 * answers and list parameters they name are components of {@code META-INF/openapi.yaml}.
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

  /** Components of META-INF/openapi.yaml, named by {@code ref}. */
  public static final String LIMIT = "CloneListLimit";
  public static final String CURSOR = "CloneListCursor";
  public static final String INVALID_QUERY = "CloneInvalidQuery";
  public static final String TASK_NOT_FOUND = "CloneTaskNotFound";
  public static final String NOT_JSON = "CloneNotJson";
  public static final String NO_CREDITS = "CloneInsufficientCredits";
  public static final String UNPROCESSABLE = "CloneUnprocessable";
  public static final String PROVIDER_FAILED = "CloneProviderFailed";
  public static final String UNAVAILABLE = "CloneUnavailable";
  public static final String PROVIDER_TIMEOUT = "CloneProviderTimeout";

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

  public static final String STATUS_TEXT = "`pending`, `running`, `succeeded`, `failed` or `canceled`.";
  public static final String PAGE = "One page of a list, newest first. `nextCursor` is null on the last page.";
  public static final String NEXT_CURSOR = "Pass as `cursor` for the next page; null on the last page.";
  public static final String CREATED_AT = "When it was created, epoch milliseconds.";
  public static final String UPDATED_AT = "When it last changed, epoch milliseconds.";

  private ApiDocs() {
  }
}
