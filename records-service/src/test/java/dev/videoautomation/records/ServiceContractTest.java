package dev.videoautomation.records;

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
    return "/v1/accounts";
  }

  /** Twins of platform components, until this service's operations use the platform's (issue 30). */
  @Override
  protected Set<String> knownTwins() {
    return Set.of(
        "parameters/RecordLimit → parameters/Limit",
        "parameters/RecordCursor → parameters/Cursor",
        "parameters/RecordTagFilter → parameters/TagFilter",
        "responses/RecordNotJson → responses/UnsupportedMediaType");
  }
}
