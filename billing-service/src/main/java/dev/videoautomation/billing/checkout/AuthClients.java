package dev.videoautomation.billing.checkout;

import java.time.temporal.ChronoUnit;

import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;

import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.platform.token.InternalTokenHeadersFactory;

/** Auth-service's {@code POST /internal/clients} (docs/internal-api.md §3.2): idempotent by operationId. */
@RegisterRestClient(configKey = "auth-client")
@RegisterClientHeaders(InternalTokenHeadersFactory.class)
@Path("/internal/clients")
public interface AuthClients {

  @RegisterForReflection
  record MintRequest(String operationId, String email, Boolean reissueCredential) {
  }

  @RegisterForReflection
  @JsonIgnoreProperties(ignoreUnknown = true)
  record Minted(String clientId, String keyId, String credential, boolean created) {
  }

  @POST
  @Timeout(value = 5, unit = ChronoUnit.SECONDS)
  @Retry(maxRetries = 2, delay = 100, jitter = 50, abortOn = jakarta.ws.rs.WebApplicationException.class)
  Minted mint(MintRequest request);
}
