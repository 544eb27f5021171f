package dev.videoautomation.clone;

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
}
