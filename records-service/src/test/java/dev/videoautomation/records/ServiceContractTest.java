package dev.videoautomation.records;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.testing.InternalServiceContract;
import dev.videoautomation.platform.testing.PostgresResource;

@QuarkusTest
@WithTestResource(PostgresResource.class)
class ServiceContractTest extends InternalServiceContract {
  @Override
  protected String ownedPath() {
    return "/v1/accounts";
  }
}
