package dev.videoautomation.auth;

import static io.restassured.RestAssured.given;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.regex.Pattern;

import org.eclipse.microprofile.config.ConfigProvider;
import org.postgresql.PGConnection;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;

import dev.videoautomation.platform.keys.ApiKeys;
import dev.videoautomation.platform.testing.TestSmtpServer;
import dev.videoautomation.platform.testing.TestTokens;

/** Calls auth-service as the gateway does: public routes with the gateway's service token and a client address. */
public final class AuthFixtures {
  private static final Pattern CODE_SENTENCE = Pattern.compile("code is (\\d{6})");

  private AuthFixtures() {
  }

  public static RequestSpecification asGateway() {
    return given().header("Authorization", "Bearer " + TestTokens.forService("gateway-service"))
        .header("X-Client-Address", "198.51.100." + (1 + (int) (Math.random() * 250)));
  }

  public static JsonPath registerAnonymously() {
    return asGateway().contentType(ContentType.JSON)
        .body(Map.of("type", "anonymous", "requested_credential_type", "api_key"))
        .when().post("/v1/auth/agent").then().statusCode(201).extract().jsonPath();
  }

  public static String email(String label) {
    return label + "-" + UUID.randomUUID() + "@test.example";
  }

  public static int mails(TestSmtpServer smtp, String to) {
    return (int) smtp.messages().stream().filter(m -> m.to().contains(to)).count();
  }

  /** The code in the {@code index}-th mail to {@code to} (0-based), waiting for it. */
  public static String code(TestSmtpServer smtp, String to, int index) {
    // Generous: on a loaded two-core machine the first mail of a fresh app can take several seconds.
    var deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (System.nanoTime() < deadline) {
      var messages = smtp.messages().stream().filter(m -> m.to().contains(to)).toList();
      if (messages.size() > index) {
        var message = messages.get(index);
        var matcher = CODE_SENTENCE.matcher(message.body());
        if (!matcher.find()) {
          throw new AssertionError("no code in the mail:\n" + message.data());
        }
        // The sentence's code is the first 6-digit run of the body, as TestSmtpServer reads it.
        if (!message.firstNumber(6).orElseThrow().equals(matcher.group(1))) {
          throw new AssertionError("another 6-digit number comes before the code:\n" + message.body());
        }
        return matcher.group(1);
      }
      sleep(20);
    }
    throw new AssertionError("no mail to " + to);
  }

  /** What verify says of a key. */
  public static JsonPath verify(String key) {
    return asGateway().contentType(ContentType.JSON).body(Map.of("keyHash", ApiKeys.hash(key)))
        .when().post("/internal/verify").then().statusCode(200).extract().jsonPath();
  }

  /** Anonymous registration claimed with an email: the live key, its client and the email. */
  public record Claimed(String key, String clientId, String keyId, String email) {
  }

  public static Claimed claimed(TestSmtpServer smtp) {
    return claimed(smtp, email("owner"));
  }

  /** As {@link #claimed(TestSmtpServer)} with {@code email}, every earlier mail to which has arrived. */
  public static Claimed claimed(TestSmtpServer smtp, String email) {
    var registration = registerAnonymously();
    var earlierMails = mails(smtp, email);
    asGateway().contentType(ContentType.JSON)
        .body(Map.of("claim_token", registration.getString("claim_token"), "email", email))
        .when().post("/v1/auth/agent/claim").then().statusCode(200);
    var key = asGateway().contentType(ContentType.JSON)
        .body(Map.of("claim_token", registration.getString("claim_token"), "code", code(smtp, email, earlierMails)))
        .when().post("/v1/auth/agent/claim/complete").then().statusCode(200).extract().<String>path("credential");
    var verified = verify(key);
    return new Claimed(key, verified.getString("clientId"), verified.getString("keyId"), email);
  }

  /** A plain JDBC connection to the service's database (tables live in schema {@code auth}). */
  public static Connection database() throws SQLException {
    var config = ConfigProvider.getConfig();
    return DriverManager.getConnection(config.getValue("quarkus.datasource.jdbc.url", String.class),
        config.getValue("quarkus.datasource.username", String.class),
        config.getOptionalValue("quarkus.datasource.password", String.class).orElse(""));
  }

  /** LISTEN key_events on its own connection, as the gateway does. */
  public static final class KeyEventListener implements AutoCloseable {
    private final Connection connection;
    private final List<String> received = new ArrayList<>();

    public KeyEventListener() throws SQLException {
      connection = database();
      try (var statement = connection.createStatement()) {
        statement.execute("LISTEN key_events");
      }
    }

    /** The first payload matching {@code wanted} that arrives within five seconds. */
    public String await(Predicate<String> wanted) throws SQLException {
      var deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
      while (System.nanoTime() < deadline) {
        var found = received.stream().filter(wanted).findFirst();
        if (found.isPresent()) {
          return found.get();
        }
        var notifications = connection.unwrap(PGConnection.class).getNotifications(250);
        if (notifications != null) {
          for (var notification : notifications) {
            received.add(notification.getParameter());
          }
        }
      }
      throw new AssertionError("no such key_events payload arrived; got " + received);
    }

    @Override
    public void close() throws SQLException {
      connection.close();
    }
  }

  public static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
