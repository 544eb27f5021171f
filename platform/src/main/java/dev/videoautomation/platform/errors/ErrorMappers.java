package dev.videoautomation.platform.errors;

import java.util.stream.Collectors;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;

import io.quarkus.logging.Log;

import dev.videoautomation.platform.http.RequestIds;
import dev.videoautomation.platform.json.DuplicateKeys;
import dev.videoautomation.platform.json.UnstorableTextException;

/**
 * Turns every exception a resource can raise into the suite's error body: the caller's mistakes become 400s that
 * name the field, and anything unexpected becomes a 500 {@code internal_error} without internals, logged with the
 * request id so an operator can find it.
 */
public class ErrorMappers {

  @ServerExceptionMapper
  public Response apiException(ApiException e, UriInfo uri) {
    return ErrorResponses.toResponse(uri.getPath(), e.error());
  }

  @ServerExceptionMapper
  public Response constraintViolation(ConstraintViolationException e, UriInfo uri) {
    var violations = e.getConstraintViolations().stream()
        .sorted(java.util.Comparator.comparing(v -> fieldName(v.getPropertyPath())))
        .toList();
    if (violations.isEmpty()) {
      return ErrorResponses.toResponse(uri.getPath(), ApiError.of(ErrorCode.INVALID_REQUEST, e.getMessage()));
    }
    ConstraintViolation<?> first = violations.getFirst();
    var field = fieldName(first.getPropertyPath());
    var error = ApiError.invalidField(field, first.getMessage())
        .with("fields", violations.stream().map(v -> fieldName(v.getPropertyPath())).distinct()
            .collect(Collectors.toList()));
    return ErrorResponses.toResponse(uri.getPath(), error);
  }

  @ServerExceptionMapper
  public Response unrecognizedProperty(UnrecognizedPropertyException e, UriInfo uri) {
    var field = jsonPath(e);
    return ErrorResponses.toResponse(uri.getPath(), ApiError.invalidField(field, "is not a known field"));
  }

  @ServerExceptionMapper
  public Response invalidFormat(InvalidFormatException e, UriInfo uri) {
    var expected = e.getTargetType() == null ? "another type" : describe(e.getTargetType());
    return ErrorResponses.toResponse(uri.getPath(), ApiError.invalidField(jsonPath(e), "must be " + expected));
  }

  @ServerExceptionMapper
  public Response mismatchedInput(MismatchedInputException e, UriInfo uri) {
    if (e.getPath().isEmpty()) {
      return ErrorResponses.toResponse(uri.getPath(),
          ApiError.of(ErrorCode.INVALID_REQUEST, "The request body must be a JSON object."));
    }
    var expected = e.getTargetType() == null ? "of another type" : describe(e.getTargetType());
    return ErrorResponses.toResponse(uri.getPath(), ApiError.invalidField(jsonPath(e), "must be " + expected));
  }

  @ServerExceptionMapper
  public Response unstorableText(UnstorableTextException e, UriInfo uri) {
    return ErrorResponses.toResponse(uri.getPath(), ApiError.invalidField(jsonPath(e), e.reason().complaint()));
  }

  @ServerExceptionMapper
  public Response jsonMapping(JsonMappingException e, UriInfo uri) {
    var duplicate = DuplicateKeys.field(e);
    if (duplicate.isPresent()) {
      // Jackson wraps a duplicate inside a nested object with the path of the bean around it: name the key itself.
      return duplicateKey(duplicate.get(), uri);
    }
    if (e.getPath().isEmpty()) {
      return ErrorResponses.toResponse(uri.getPath(),
          ApiError.of(ErrorCode.INVALID_REQUEST, "The request body could not be read: " + e.getOriginalMessage()));
    }
    return ErrorResponses.toResponse(uri.getPath(), ApiError.invalidField(jsonPath(e), "has an invalid value"));
  }

  @ServerExceptionMapper
  public Response jsonParse(JsonParseException e, UriInfo uri) {
    var duplicate = DuplicateKeys.field(e);
    if (duplicate.isPresent()) {
      return duplicateKey(duplicate.get(), uri);
    }
    return ErrorResponses.toResponse(uri.getPath(), ApiError.of(ErrorCode.INVALID_REQUEST,
        "The request body is not valid JSON (line " + e.getLocation().getLineNr() + ", column "
            + e.getLocation().getColumnNr() + ")."));
  }

  private static Response duplicateKey(String field, UriInfo uri) {
    return ErrorResponses.toResponse(uri.getPath(), ApiError.invalidField(field, DuplicateKeys.COMPLAINT));
  }

  @ServerExceptionMapper
  public Response streamConstraints(StreamConstraintsException e, UriInfo uri) {
    // Jackson's guards against hostile bodies: nesting deeper than 1000 levels, numbers or names too long.
    return ErrorResponses.toResponse(uri.getPath(), ApiError.of(ErrorCode.INVALID_REQUEST,
        "The request body exceeds what a JSON body may hold here: " + e.getOriginalMessage()));
  }

  @ServerExceptionMapper
  public Response webApplication(WebApplicationException e, UriInfo uri) {
    // Quarkus REST wraps some Jackson failures in a 400; answer them as if Jackson's own exception had arrived, so
    // the caller still learns the line, column or field.
    for (Throwable cause = e.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause()) {
      if (cause instanceof StreamConstraintsException constraints) {
        return streamConstraints(constraints, uri);
      }
      if (cause instanceof UnstorableTextException unstorable) {
        return unstorableText(unstorable, uri);
      }
      if (cause instanceof UnrecognizedPropertyException unrecognized) {
        return unrecognizedProperty(unrecognized, uri);
      }
      if (cause instanceof InvalidFormatException invalid) {
        return invalidFormat(invalid, uri);
      }
      if (cause instanceof MismatchedInputException mismatched) {
        return mismatchedInput(mismatched, uri);
      }
      if (cause instanceof JsonMappingException mapping) {
        return jsonMapping(mapping, uri);
      }
      if (cause instanceof JsonParseException parse) {
        return jsonParse(parse, uri);
      }
    }
    var status = e.getResponse().getStatus();
    if (status >= 500) {
      return unexpected(e, uri);
    }
    var code = ErrorCode.forStatus(status);
    var error = ApiError.of(code, messageFor(code, uri.getPath())).withStatus(status);
    return ErrorResponses.toResponse(uri.getPath(), error);
  }

  @ServerExceptionMapper
  public Response unexpected(Throwable e, UriInfo uri) {
    var requestId = RequestIds.current();
    if (DatabaseOutage.unstorableText(e)) {
      // PostgreSQL text and jsonb cannot hold U+0000; the caller sent it, so it is a 400, not our fault.
      return ErrorResponses.toResponse(uri.getPath(), ApiError.of(ErrorCode.INVALID_REQUEST,
          "A text value in the request holds a NUL character (U+0000), which cannot be stored; remove it."));
    }
    if (DatabaseOutage.causedBy(e)) {
      // Not a fault of this request or of our code: the database is down or restarting. Agents retry.
      Log.warnf("Database unavailable on %s (request id %s): %s", uri.getPath(), requestId, e.getMessage());
      return ErrorResponses.toResponse(uri.getPath(), ApiError.of(ErrorCode.SERVICE_UNAVAILABLE,
          "The service's database is unavailable for a moment; retry in a few seconds.").with("retryAfter", 5));
    }
    Log.errorf(e, "Unexpected failure on %s (request id %s)", uri.getPath(), requestId);
    return ErrorResponses.toResponse(uri.getPath(), ApiError.of(ErrorCode.INTERNAL_ERROR,
        "Something went wrong on our side. Retry later; if it persists, report request id " + requestId + "."));
  }

  private static String messageFor(ErrorCode code, String path) {
    return switch (code) {
      case NOT_FOUND -> "Nothing is found at " + path + ". See /v1/openapi.json for the paths this API serves.";
      case METHOD_NOT_ALLOWED -> "This method is not allowed on " + path + ". See /v1/openapi.json.";
      case UNSUPPORTED_MEDIA_TYPE -> "This Content-Type is not accepted here; send application/json.";
      case NOT_ACCEPTABLE -> "No representation matches the Accept header; accept application/json.";
      default -> "The request is invalid.";
    };
  }

  /** The dotted JSON path of a Jackson failure, e.g. {@code tags[0].key}. */
  static String jsonPath(JsonMappingException e) {
    var path = new StringBuilder();
    for (var ref : e.getPath()) {
      if (ref.getFieldName() != null) {
        if (!path.isEmpty()) {
          path.append('.');
        }
        path.append(ref.getFieldName());
      } else if (ref.getIndex() >= 0) {
        path.append('[').append(ref.getIndex()).append(']');
      }
    }
    return path.isEmpty() ? "body" : path.toString();
  }

  /** The property path without the method and parameter nodes Bean Validation puts in front of it. */
  static String fieldName(Path path) {
    var parts = new StringBuilder();
    for (var node : path) {
      if (node.getKind() == ElementKind.METHOD || node.getKind() == ElementKind.PARAMETER
          || node.getKind() == ElementKind.CROSS_PARAMETER || node.getKind() == ElementKind.RETURN_VALUE) {
        continue;
      }
      if (node.getIndex() != null && !parts.isEmpty()) {
        parts.append('[').append(node.getIndex()).append(']');
      }
      if (node.getName() != null) {
        if (!parts.isEmpty()) {
          parts.append('.');
        }
        parts.append(node.getName());
      }
    }
    if (parts.isEmpty()) {
      var last = "";
      for (var node : path) {
        last = node.getName() == null ? last : node.getName();
      }
      return last.isEmpty() ? "body" : last;
    }
    return parts.toString();
  }

  private static String describe(Class<?> type) {
    if (type == String.class) {
      return "a string";
    }
    if (type == Integer.class || type == Long.class || type == Short.class || type == Byte.class
        || type == java.math.BigInteger.class || type == int.class || type == long.class || type == short.class
        || type == byte.class) {
      return "an integer (no fraction or exponent)";
    }
    if (Number.class.isAssignableFrom(type) || (type.isPrimitive() && type != boolean.class)) {
      return "a number";
    }
    if (type == Boolean.class || type == boolean.class) {
      return "true or false";
    }
    if (type.isEnum()) {
      return "one of " + java.util.Arrays.toString(type.getEnumConstants()).toLowerCase(java.util.Locale.ROOT);
    }
    if (java.util.Collection.class.isAssignableFrom(type) || type.isArray()) {
      return "an array";
    }
    return "an object";
  }
}
