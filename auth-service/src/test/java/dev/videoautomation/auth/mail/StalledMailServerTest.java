package dev.videoautomation.auth.mail;

import static dev.videoautomation.auth.AuthFixtures.asGateway;
import static dev.videoautomation.auth.AuthFixtures.code;
import static dev.videoautomation.auth.AuthFixtures.email;
import static dev.videoautomation.auth.AuthFixtures.mails;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;

import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.SmtpResource;
import dev.videoautomation.platform.testing.TestSmtpServer;

/**
 * A connection to the mail server that never answers (no greeting) holds a code mail only until the send timeout:
 * the mail goes out on the next attempt, once.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(SmtpResource.class)
@TestProfile(StalledMailServerTest.ShortSendTimeout.class)
class StalledMailServerTest {
  TestSmtpServer smtp;

  public static class ShortSendTimeout implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of("quarkus.mailer.timeout", "2s");
    }
  }

  @Test
  void shouldSendTheCodeOnANewConnectionWhenTheFirstNeverAnswers() {
    smtp.stallNextConnections(1);
    var address = email("stalled");
    asGateway().contentType(ContentType.JSON)
        .body(Map.of("type", "identity_assertion", "assertion_type", "verified_email", "assertion", address))
        .when().post("/v1/auth/agent").then().statusCode(201);

    assertThat(code(smtp, address, 0)).matches("\\d{6}");
    assertThat(smtp.stalledConnections()).as("the first attempt met the silent connection").isEqualTo(1);
    assertThat(mails(smtp, address)).as("sent once").isEqualTo(1);
  }
}
