package dev.videoautomation.billing;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/** The application with the admin API switched on; every test class using it shares one application. */
public class OperatorProfile implements QuarkusTestProfile {
  public static final String OPERATOR_TOKEN = "operator-secret-for-tests";

  @Override
  public Map<String, String> getConfigOverrides() {
    return Map.of("billing.admin.operator-token", OPERATOR_TOKEN);
  }
}
