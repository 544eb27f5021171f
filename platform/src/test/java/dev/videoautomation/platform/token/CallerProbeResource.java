package dev.videoautomation.platform.token;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedHashMap;

/** A test-only resource that shows what the platform knows about the caller, and what it would send on. */
@Path("/v1/probe/caller")
@Produces(MediaType.APPLICATION_JSON)
public class CallerProbeResource {
  private final CurrentCaller currentCaller;
  private final InternalTokenHeadersFactory headersFactory;

  CallerProbeResource(CurrentCaller currentCaller, InternalTokenHeadersFactory headersFactory) {
    this.currentCaller = currentCaller;
    this.headersFactory = headersFactory;
  }

  @GET
  public Map<String, Object> caller() {
    var caller = currentCaller.get().orElseThrow();
    var body = new LinkedHashMap<String, Object>();
    body.put("subject", caller.subject());
    body.put("clientId", caller.clientId());
    body.put("service", caller.isService());
    body.put("scopes", caller.scopes().stream().sorted().toList());
    body.put("plan", caller.plan());
    body.put("keyId", caller.keyId());
    body.put("expiresAt", caller.expiresAt());
    body.put("token", caller.token());
    return body;
  }

  @GET
  @Path("/client-id")
  @Produces(MediaType.TEXT_PLAIN)
  public String clientId() {
    return currentCaller.requireClientId();
  }

  /** The headers a REST client call made now would carry. */
  @GET
  @Path("/outgoing")
  public Map<String, String> outgoing() {
    var headers = headersFactory.update(new MultivaluedHashMap<>(), new MultivaluedHashMap<>());
    var body = new LinkedHashMap<String, String>();
    headers.forEach((name, values) -> body.put(name, values.getFirst()));
    return body;
  }
}
