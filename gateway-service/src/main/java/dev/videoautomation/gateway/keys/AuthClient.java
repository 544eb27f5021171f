package dev.videoautomation.gateway.keys;

import java.time.temporal.ChronoUnit;

import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;

import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import io.smallrye.mutiny.Uni;

import dev.videoautomation.platform.token.InternalTokenHeadersFactory;

/** Auth-service's internal key check (docs/internal-api.md §3.1): safe, so one quick retry is allowed. */
@RegisterRestClient(configKey = "auth-client")
@RegisterClientHeaders(InternalTokenHeadersFactory.class)
@Path("/internal")
public interface AuthClient {

  /** The body of a verify call: the SHA-256 of the key as presented, never the key. */
  record VerifyRequest(String keyHash) {
  }

  @POST
  @Path("/verify")
  @Timeout(value = 1, unit = ChronoUnit.SECONDS)
  @Retry(maxRetries = 1, delay = 100, jitter = 50, abortOn = jakarta.ws.rs.WebApplicationException.class)
  Uni<KeyVerification> verify(VerifyRequest request);
}
