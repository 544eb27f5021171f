package dev.videoautomation.platform.json;

import jakarta.ws.rs.ConstrainedTo;
import jakarta.ws.rs.RuntimeType;
import jakarta.ws.rs.ext.ContextResolver;
import jakarta.ws.rs.ext.Provider;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;

/**
 * The JSON mapper for what the services are sent (and answer): the suite's shared mapper with rules for callers'
 * bodies, so that bad input is a 400 naming the field rather than something silently changed or refused later. A
 * number or boolean where text is expected is refused ({@code "prompt": 5}), not turned into "5"; text where a number
 * or boolean is expected is refused ({@code "graceSeconds": "10"}), not read as 10; a number with a fraction or
 * exponent where an integer is expected is refused ({@code "graceSeconds": 10.5}), not cut to 10; a key given twice
 * in one object is refused ({@link DuplicateKeys}), not read as its last value; text holding U+0000 or a lone
 * surrogate is refused ({@link StorableText}). Constrained to the server: the REST clients reading providers' and
 * other services' answers keep the shared mapper, which takes those as they come.
 */
@Provider
@ConstrainedTo(RuntimeType.SERVER)
public class RequestBodyMapper implements ContextResolver<ObjectMapper> {
  private final ObjectMapper mapper;

  public RequestBodyMapper(ObjectMapper shared) {
    // copy() copies the parser factory too, so duplicate detection stays off for the shared mapper.
    mapper = shared.copy().registerModule(StorableText.module())
        .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION.mappedFeature())
        .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
    mapper.coercionConfigFor(LogicalType.Textual)
        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
    for (var scalar : new LogicalType[] {LogicalType.Integer, LogicalType.Float, LogicalType.Boolean}) {
      mapper.coercionConfigFor(scalar)
          .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
          .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail);
    }
  }

  @Override
  public ObjectMapper getContext(Class<?> type) {
    return mapper;
  }

  /** The strict mapper, for a resource that reads an optional or raw body itself. */
  public ObjectMapper strict() {
    return mapper;
  }
}
