package dev.videoautomation.clone.config;

import java.time.Duration;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Every setting of clone-service (docs/clone-service.md lists them with their environment variables). */
@ConfigMapping(prefix = "clone")
public interface CloneConfig {
  Provider provider();

  Models models();

  Vision vision();

  Check check();

  Worker worker();

  Images images();

  Webhooks webhooks();

  Limits limits();

  Deadlines deadlines();

  /** The async generation provider: the fal.ai queue API or anything speaking it. */
  interface Provider {
    /** Queue base URL; status and response URLs the provider hands back must share its origin. */
    @WithDefault("https://queue.fal.run")
    String baseUrl();

    /** API key, sent as {@code Authorization: Key <key>}. Env CLONE_PROVIDER_API_KEY; unset = 503. */
    Optional<String> apiKey();

    /** Time allowed for one provider call (submit, status, result, cancel). */
    @WithDefault("30s")
    Duration timeout();

    /**
     * Largest of the caller's own stored files sent to the provider inline, as a data URI, when the CDN URL is not one
     * the provider could fetch (a CDN on a loopback, private or unresolvable host); larger ones are 413.
     */
    @WithDefault("33554432")
    long inlineMaxBytes();
  }

  /** Model ids on the provider's queue. */
  interface Models {
    /** Motion control: a character image performs the motion of a source video. */
    @WithDefault("fal-ai/kling-video/v2.6/standard/motion-control")
    String motion();

    /** Text to image ({@code POST /v1/images/generate} and characters without a reference). */
    @WithDefault("fal-ai/nano-banana-pro")
    String image();

    /** Image edit (style transfer with {@code imageInput}, characters from a reference, starting frames). */
    @WithDefault("fal-ai/nano-banana-pro/edit")
    String imageEdit();

    /** Music from a prompt. */
    @WithDefault("fal-ai/lyria2")
    String music();

    /** The music model's input field for a length in seconds, when it takes one (lyria2 does not). */
    Optional<String> musicDurationField();

    /** Motion control's {@code character_orientation}: {@code video} (up to 30 s) or {@code image} (up to 10 s). */
    @WithDefault("video")
    String motionOrientation();
  }

  /** The OpenAI-compatible vision model that says whether a person is in frame; unset = that check does not run. */
  interface Vision {
    Optional<String> baseUrl();

    /** Env CLONE_VISION_API_KEY. */
    Optional<String> apiKey();

    @WithDefault("gpt-4o-mini")
    String model();

    @WithDefault("60s")
    Duration timeout();
  }

  /** Cloneability thresholds of {@code POST /v1/clones/check}. */
  interface Check {
    @WithDefault("3")
    double minDurationSeconds();

    @WithDefault("30")
    double maxDurationSeconds();

    /** Shortest side in pixels (the motion model refuses smaller). */
    @WithDefault("340")
    int minShortSide();

    @WithDefault("3850")
    int maxLongSide();

    @WithDefault("15")
    double minFps();

    @WithDefault("60")
    double maxFps();

    /** ffmpeg scene score (0..1) above which a frame counts as a cut. */
    @WithDefault("0.4")
    double sceneThreshold();

    /** Cuts allowed; 0 = one continuous shot. */
    @WithDefault("0")
    int maxCuts();
  }

  /** The task worker. */
  interface Worker {
    /** Whether the scheduled worker runs on this replica. */
    @WithDefault("true")
    boolean enabled();

    /** How often the scheduled worker looks for due work. */
    @WithDefault("2s")
    String every();

    /** Whether a new task starts a worker pass at once instead of waiting for the next tick. */
    @WithDefault("true")
    boolean nudge();

    /** Tasks claimed per pass. */
    @WithDefault("4")
    int batch();

    /** How long a claim holds a task; a worker that dies frees it when this runs out. */
    @WithDefault("10m")
    Duration lease();

    /** First wait between provider status polls; doubles up to {@link #pollMax()}. */
    @WithDefault("2s")
    Duration pollInitial();

    @WithDefault("30s")
    Duration pollMax();

    /** Longest a task may stay unfinished at the provider before it is failed and refunded. */
    @WithDefault("2h")
    Duration giveUpAfter();

    /** Attempts after transient faults (provider 5xx, timeouts, media down) before a task fails. */
    @WithDefault("8")
    int maxAttempts();

    @WithDefault("5s")
    Duration retryInitial();
  }

  /** Image tasks behind the clone endpoints. */
  interface Images {
    /** How long character and frame calls wait for their image before answering 202 with the task id. */
    @WithDefault("25s")
    Duration syncWait();

    /** Resolution (and so price variant) of character and frame images. */
    @WithDefault("1K")
    String cloneResolution();

    /** The instruction given to the image-edit model for a starting frame. */
    @WithDefault("Replace the person in the first image with the character from the second image. Keep the first "
        + "image's background, framing, pose, lighting and camera angle exactly; change only the person.")
    String framePrompt();
  }

  /** Clone's own signed webhooks, kept for renders created before webhooks moved to records (issue 31). */
  interface Webhooks {
    /** Key from which each legacy task's webhook secret is derived (HMAC-SHA256 over the task id). Env CLONE_WEBHOOK_SIGNING_KEY. */
    Optional<String> signingKey();

    @WithDefault("8")
    int maxAttempts();

    @WithDefault("10s")
    Duration initialBackoff();

    @WithDefault("10s")
    Duration timeout();
  }

  /**
   * How long each kind of job may stay open before it fails with {@code deadline_exceeded} and is refunded; a
   * request's {@code deadlineSeconds} may only lower it (docs/jobs.md).
   */
  interface Deadlines {
    /** Clone renders. Env CLONE_DEADLINES_VIDEO. */
    @WithDefault("60m")
    Duration video();

    /** Image tasks (generate, character, frame). Env CLONE_DEADLINES_IMAGE. */
    @WithDefault("15m")
    Duration image();

    /** Music tracks. Env CLONE_DEADLINES_MUSIC. */
    @WithDefault("15m")
    Duration music();

    /** The default of a task kind ({@code video}, {@code image}, {@code music}). */
    default Duration of(String kind) {
      return switch (kind) {
        case "video" -> video();
        case "image" -> image();
        case "music" -> music();
        default -> throw new IllegalArgumentException("No deadline for task kind " + kind);
      };
    }
  }

  /** Sizes of files this service reads. */
  interface Limits {
    /** Largest source video read for checks, frames and muxing. */
    @WithDefault("524288000")
    long sourceMaxBytes();

    /** Largest render downloaded from the provider. */
    @WithDefault("1073741824")
    long resultMaxBytes();
  }
}
