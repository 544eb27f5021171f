package dev.videoautomation.clone;

import java.util.Set;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.ServiceContract;

@QuarkusTest
@WithTestResource(PostgresResource.class)
class ServiceContractTest extends ServiceContract {
  @Override
  protected String ownedPath() {
    return "/v1/clones";
  }

  /** Twins of platform components, until this service's operations use the platform's (issue 30). */
  @Override
  protected Set<String> knownTwins() {
    return Set.of(
        "parameters/CloneListLimit → parameters/Limit",
        "parameters/CloneListCursor → parameters/Cursor");
  }
}
