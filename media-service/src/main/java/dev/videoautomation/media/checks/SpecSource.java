package dev.videoautomation.media.checks;

/**
 * Where {@code /v1/check} gets the technical spec of a video the caller names by URL or media id instead of sending
 * {@code spec}: {@link ProbedSpecSource} reads it with ffprobe.
 */
public interface SpecSource {

  /**
   * Probes a video and returns its spec (caption and hashtags are left empty; the check fills them from the request).
   *
   * @param videoUrlOrMediaId a public http(s) URL, or the id of one of the calling client's media files
   * @throws dev.videoautomation.platform.errors.ApiException with the suite's error codes (404 not_found,
   *     400 url_not_allowed, 422 no_video, ...) when the video cannot be probed
   */
  VideoSpec probe(String videoUrlOrMediaId);

  /**
   * What {@link #probe} checks before it reads the video, with the same answers (a dry run's judgement, issue 32):
   * the value's form, the URL guard, and that one's own media exists.
   */
  void judge(String videoUrlOrMediaId);
}
