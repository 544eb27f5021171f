package dev.videoautomation.platform.routing;

import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import io.quarkus.vertx.http.runtime.filters.Filters;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.errors.ErrorResponses;
import dev.videoautomation.platform.token.InternalTokenFilter;

/**
 * Paths a service owns but has not built yet answer 501 {@code not_implemented}, so routing can be proven before the
 * feature exists and nothing ever answers with made-up data. Each service lists its unbuilt path prefixes in
 * {@code placeholder.paths}; the issue that builds a path deletes its entry.
 */
@ApplicationScoped
public class PlaceholderRoutes {
  static final int PRIORITY = InternalTokenFilter.PRIORITY - 100;

  private final List<String> prefixes;
  private final String serviceName;

  PlaceholderRoutes(@ConfigProperty(name = "placeholder.paths") Optional<List<String>> prefixes,
      @ConfigProperty(name = "quarkus.application.name") String serviceName) {
    this.prefixes = prefixes.orElse(List.of());
    this.serviceName = serviceName;
  }

  void register(@Observes Filters filters) {
    if (prefixes.isEmpty()) {
      return;
    }
    filters.register(rc -> {
      var path = rc.normalizedPath();
      if (prefixes.stream().anyMatch(prefix -> path.equals(prefix) || path.startsWith(prefix + "/"))) {
        ErrorResponses.send(rc, ApiError.of(ErrorCode.NOT_IMPLEMENTED,
            rc.request().method() + " " + path + " is owned by " + serviceName + " but not built yet.")
            .with("service", serviceName));
        return;
      }
      rc.next();
    }, PRIORITY);
  }
}
