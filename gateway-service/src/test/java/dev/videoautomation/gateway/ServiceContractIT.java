package dev.videoautomation.gateway;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;

import dev.videoautomation.platform.testing.TestKeysResource;

/** The same contract against the packaged application. */
@QuarkusIntegrationTest
@WithTestResource(TestKeysResource.class)
class ServiceContractIT extends ServiceContractTest {
}
