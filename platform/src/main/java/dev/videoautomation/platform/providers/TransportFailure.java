package dev.videoautomation.platform.providers;

/**
 * No answer came from a provider. Most callers never see it ({@link ProviderHttp#call} turns it into the provider's
 * error); one that must tell "nothing was sent" from "it may have arrived" (a post that must not go out twice) reads
 * {@link #kind()} from {@link ProviderHttp#exchange}.
 */
public class TransportFailure extends Exception {
  /** What went wrong, from the caller's point of view. */
  public enum Kind {
    /** The connection was never made: nothing reached the provider. */
    UNREACHABLE,
    /** No answer within the request's timeout (or the waiting thread was interrupted). */
    TIMED_OUT,
    /** The connection broke off after the request may have been sent. */
    BROKEN
  }

  private final Kind kind;

  TransportFailure(Kind kind, Throwable cause) {
    super(kind.name(), cause, false, false);
    this.kind = kind;
  }

  public Kind kind() {
    return kind;
  }
}
