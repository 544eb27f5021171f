package dev.videoautomation.records.clients;

import java.time.temporal.ChronoUnit;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;

import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;
import org.eclipse.microprofile.rest.client.inject.RestClient;

import dev.videoautomation.platform.calls.OwnerErrors;
import dev.videoautomation.platform.calls.OwnerUnavailable;

/**
 * The account lookup through scrape-service: safe, so retried once on connect failures, timeouts, 502 and 504
 * (docs/internal-api.md §1.4: 20 s, 1 retry), never on 4xx or 503 provider_not_configured. Failures are
 * {@link dev.videoautomation.platform.calls.OwnerRefusal}s carrying scrape's own code.
 */
@ApplicationScoped
public class ScrapeCalls {
  static final String OWNER = "scrape service";
  private final ScrapeApi scrape;

  ScrapeCalls(@RestClient ScrapeApi scrape) {
    this.scrape = scrape;
  }

  @Timeout(value = 20, unit = ChronoUnit.SECONDS)
  @Retry(maxRetries = 1, delay = 100, jitter = 50, retryOn = {OwnerUnavailable.class, TimeoutException.class})
  @Fallback(fallbackMethod = "lookupTimedOut", applyOn = TimeoutException.class)
  public AccountLookup lookupAccount(String platform, String handle) {
    try {
      return scrape.account(new AccountLookup.Query(platform, handle));
    } catch (WebApplicationException e) {
      throw OwnerErrors.fromAnswer(OWNER, e);
    } catch (ProcessingException e) {
      throw OwnerErrors.unreachable(OWNER, e);
    }
  }

  AccountLookup lookupTimedOut(String platform, String handle) {
    throw OwnerErrors.timedOut(OWNER);
  }
}
