package dev.videoautomation.gateway.info;

import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;

import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.platform.token.InternalTokenHeadersFactory;

/** Billing's price list (docs/internal-api.md §3.4.4), read for the daily limits of /v1/info. */
@RegisterRestClient(configKey = "billing-client")
@RegisterClientHeaders(InternalTokenHeadersFactory.class)
@Path("/internal/prices")
public interface PricesClient {

  @RegisterForReflection
  @JsonIgnoreProperties(ignoreUnknown = true)
  record Prices(String currency, List<PlanPrice> plans) {
  }

  @RegisterForReflection
  @JsonIgnoreProperties(ignoreUnknown = true)
  record PlanPrice(String plan, Map<String, Integer> limits) {
  }

  @GET
  @Timeout(value = 3, unit = ChronoUnit.SECONDS)
  @Retry(maxRetries = 1, delay = 100, jitter = 50, abortOn = jakarta.ws.rs.WebApplicationException.class)
  Prices prices();
}
