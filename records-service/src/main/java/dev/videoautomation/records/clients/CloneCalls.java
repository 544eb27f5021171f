package dev.videoautomation.records.clients;

import java.time.temporal.ChronoUnit;
import java.util.Optional;

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
 * A generated video through clone-service (2 s, 1 retry). Not found (or another client's, which clone answers 404 to
 * a client subject) is empty; an unreachable or failing clone-service is an {@link OwnerUnavailable}.
 */
@ApplicationScoped
public class CloneCalls {
  static final String OWNER = "clone service";
  private final CloneApi clone;

  CloneCalls(@RestClient CloneApi clone) {
    this.clone = clone;
  }

  @Timeout(value = 2, unit = ChronoUnit.SECONDS)
  @Retry(maxRetries = 1, delay = 100, jitter = 50, retryOn = {OwnerUnavailable.class, TimeoutException.class})
  @Fallback(fallbackMethod = "findTimedOut", applyOn = TimeoutException.class)
  public Optional<GeneratedVideo> find(String videoId) {
    try {
      return Optional.ofNullable(clone.find(videoId));
    } catch (WebApplicationException e) {
      if (e.getResponse().getStatus() == 404) {
        return Optional.empty();
      }
      throw OwnerErrors.fromAnswer(OWNER, e);
    } catch (ProcessingException e) {
      throw OwnerErrors.unreachable(OWNER, e);
    }
  }

  Optional<GeneratedVideo> findTimedOut(String videoId) {
    throw OwnerErrors.timedOut(OWNER);
  }
}
