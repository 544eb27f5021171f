package dev.videoautomation.platform.http;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A W3C Trace Context {@code traceparent} (https://www.w3.org/TR/trace-context/): the trace a request belongs to and
 * the span that sent it. The gateway starts a trace (or joins the agent's) and every call between services carries
 * it on, so the log lines of one agent request can be found in every service by {@code traceId}.
 */
public record TraceParent(String traceId, String spanId, String flags) {
  public static final String HEADER = "traceparent";
  private static final Pattern FORM = Pattern.compile("00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})");
  private static final String ZERO_TRACE = "0".repeat(32);
  private static final String ZERO_SPAN = "0".repeat(16);
  private static final SecureRandom RANDOM = new SecureRandom();

  /** The incoming header when it is a valid version-00 traceparent; anything else is ignored, as the spec asks. */
  public static Optional<TraceParent> parse(String header) {
    if (header == null) {
      return Optional.empty();
    }
    var match = FORM.matcher(header.trim());
    if (!match.matches() || match.group(1).equals(ZERO_TRACE) || match.group(2).equals(ZERO_SPAN)) {
      return Optional.empty();
    }
    return Optional.of(new TraceParent(match.group(1), match.group(2), match.group(3)));
  }

  /** A new trace, sampled. */
  public static TraceParent newTrace() {
    return new TraceParent(randomHex(16), randomHex(8), "01");
  }

  /** The span this service works in: same trace, a new span id. */
  public TraceParent child() {
    return new TraceParent(traceId, randomHex(8), flags);
  }

  public String header() {
    return "00-" + traceId + "-" + spanId + "-" + flags;
  }

  private static String randomHex(int bytes) {
    var value = new byte[bytes];
    RANDOM.nextBytes(value);
    return HexFormat.of().formatHex(value);
  }
}
