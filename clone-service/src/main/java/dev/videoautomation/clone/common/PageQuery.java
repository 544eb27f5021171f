package dev.videoautomation.clone.common;

import jakarta.ws.rs.QueryParam;

import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * The query every list takes ({@code @BeanParam}): {@code limit} and {@code cursor} as given, checked by the
 * platform's {@code PageRequest} and described by the platform's shared {@code Limit} and {@code Cursor} parameters.
 */
public class PageQuery {
  @QueryParam("limit")
  @Parameter(ref = "Limit", name = "limit", in = ParameterIn.QUERY)
  String limit;

  @QueryParam("cursor")
  @Parameter(ref = "Cursor", name = "cursor", in = ParameterIn.QUERY)
  String cursor;
}
