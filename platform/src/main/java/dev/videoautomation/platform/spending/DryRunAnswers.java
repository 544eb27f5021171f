package dev.videoautomation.platform.spending;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Answers a stopped dry run: 200 with its {@link DryRun}, in every owner. */
public class DryRunAnswers {

  @ServerExceptionMapper
  public Response answered(DryRunAnswered stop) {
    return Response.ok(stop.answer(), MediaType.APPLICATION_JSON_TYPE).build();
  }
}
