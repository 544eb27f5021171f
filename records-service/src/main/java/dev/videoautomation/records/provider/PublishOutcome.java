package dev.videoautomation.records.provider;

/** What became of one publish attempt: published with the network's ids, or failed with a code and a message. */
public record PublishOutcome(boolean published, String externalId, String postUrl, String errorCode,
    String errorMessage) {

  public static PublishOutcome published(String externalId, String postUrl) {
    return new PublishOutcome(true, externalId, postUrl, null, null);
  }

  public static PublishOutcome failed(String errorCode, String errorMessage) {
    return new PublishOutcome(false, null, null, errorCode, errorMessage);
  }
}
