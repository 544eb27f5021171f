package dev.videoautomation.platform.http;

import java.util.regex.Pattern;

import jakarta.inject.Singleton;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.quarkus.arc.Unremovable;

/**
 * Keeps secrets out of the spans the OpenTelemetry extension records, which leave the suite for a collector: the
 * claim token in a claim page's path ({@code /claim/{claimToken}}), every query string (a checkout's
 * {@code sessionId} fetches its new key once), and an API key put in a path (a leaked key sent to
 * {@code /v1/api_keys/revoke_leaked/svc_…} instead of in the body; {@code {credential}} in its place). Bodies, where
 * keys belong, are never recorded. The extension sets these attributes when a span starts, so they are
 * replaced here before anything can read them; the route template ({@code http.route}) and the span name stay.
 */
@Singleton
@Unremovable
public class SpanRedaction implements SpanProcessor {
  static final AttributeKey<String> URL_PATH = AttributeKey.stringKey("url.path");
  static final AttributeKey<String> URL_QUERY = AttributeKey.stringKey("url.query");
  static final AttributeKey<String> URL_FULL = AttributeKey.stringKey("url.full");
  static final String REDACTED = "redacted";
  private static final Pattern CLAIM_TOKEN = Pattern.compile("/claim/[^/?#]+");
  /** Anything that starts like a key ({@code ApiKeys}' prefixes), to the end of its path segment. */
  private static final Pattern KEY = Pattern.compile("svc_(?:live|anon)_[^/?#]*");

  @Override
  public void onStart(Context parentContext, ReadWriteSpan span) {
    var path = span.getAttribute(URL_PATH);
    if (path != null) {
      span.setAttribute(URL_PATH, withoutClaimToken(path));
    }
    if (span.getAttribute(URL_QUERY) != null) {
      span.setAttribute(URL_QUERY, REDACTED);
    }
    var full = span.getAttribute(URL_FULL);
    if (full != null) {
      var query = full.indexOf('?');
      span.setAttribute(URL_FULL, withoutClaimToken(query < 0 ? full : full.substring(0, query) + "?" + REDACTED));
    }
  }

  static String withoutClaimToken(String pathOrUrl) {
    var withoutToken = CLAIM_TOKEN.matcher(pathOrUrl).replaceAll("/claim/{claimToken}");
    return KEY.matcher(withoutToken).replaceAll("{credential}");
  }

  @Override
  public boolean isStartRequired() {
    return true;
  }

  @Override
  public void onEnd(ReadableSpan span) {
  }

  @Override
  public boolean isEndRequired() {
    return false;
  }
}
