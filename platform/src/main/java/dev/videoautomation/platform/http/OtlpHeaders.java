package dev.videoautomation.platform.http;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;

import io.smallrye.config.ConfigSourceInterceptor;
import io.smallrye.config.ConfigSourceInterceptorContext;
import io.smallrye.config.ConfigValue;

/**
 * Hands {@code OTEL_EXPORTER_OTLP_HEADERS} to the OpenTelemetry extension as the OpenTelemetry specification writes
 * it: {@code key=value,key2=value2} with percent-encoded values (a vendor's {@code Authorization=Basic%20…}). The
 * extension sends values exactly as configured, so they are decoded here; a decoded comma or backslash is escaped,
 * because the extension reads the setting as a list. A {@code quarkus.otel.exporter.otlp.*headers} setting of its own
 * wins. Registered in META-INF/services.
 */
public class OtlpHeaders implements ConfigSourceInterceptor {
  static final String VARIABLE = "otel.exporter.otlp.headers";
  static final String EXTENSION_SETTING = "quarkus.otel.exporter.otlp.traces.headers";

  @Override
  public ConfigValue getValue(ConfigSourceInterceptorContext context, String name) {
    var value = context.proceed(name);
    if (value != null || !EXTENSION_SETTING.equals(name)) {
      return value;
    }
    var variable = context.proceed(VARIABLE);
    if (variable == null || variable.getValue() == null || variable.getValue().isBlank()) {
      return null;
    }
    return variable.withName(EXTENSION_SETTING).withValue(decode(variable.getValue()));
  }

  /** The header list with its values decoded, as a list setting; pairs without a key or an {@code =} are dropped. */
  static String decode(String list) {
    var pairs = new ArrayList<String>();
    for (var pair : list.split(",")) {
      var equals = pair.indexOf('=');
      var key = equals > 0 ? pair.substring(0, equals).trim() : "";
      if (!key.isEmpty()) {
        var value = decodeValue(key, pair.substring(equals + 1).trim());
        pairs.add(key + "=" + value.replace("\\", "\\\\").replace(",", "\\,"));
      }
    }
    return String.join(",", pairs);
  }

  private static String decodeValue(String key, String encoded) {
    try {
      return URLDecoder.decode(encoded, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      // The value itself stays out of the message: it is usually a credential.
      throw new IllegalArgumentException("OTEL_EXPORTER_OTLP_HEADERS: the value of " + key
          + " is not percent-encoded (write %25 for a literal %)");
    }
  }
}
