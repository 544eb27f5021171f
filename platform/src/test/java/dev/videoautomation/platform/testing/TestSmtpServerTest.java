package dev.videoautomation.platform.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The test SMTP server, spoken to over a real socket the way a mail client does. */
class TestSmtpServerTest {
  private static final Duration WAIT = Duration.ofSeconds(5);
  private TestSmtpServer server;

  @BeforeEach
  void start() throws IOException {
    server = new TestSmtpServer();
  }

  @AfterEach
  void stop() throws IOException {
    server.close();
  }

  @Test
  void shouldReceiveAMessageSentOverSmtpAndFindTheCodeInIt() throws IOException {
    send("noreply@videoautomation.dev", List.of("Agent@Example.com"), List.of(
        "Subject: Your code",
        "",
        "Order 1234567 is not a code.",
        "Your code is 482913; it lives 10 minutes.",
        "..a line that starts with a dot"));

    var message = server.awaitMessageTo("agent@example.com", WAIT);

    assertThat(message.from()).isEqualTo("noreply@videoautomation.dev");
    assertThat(message.to()).containsExactly("Agent@Example.com");
    assertThat(message.data()).contains("Subject: Your code\n").contains("\n.a line that starts with a dot\n");
    assertThat(message.firstNumber(6)).contains("482913");
    assertThat(message.firstNumber(7)).contains("1234567");
    assertThat(message.firstNumber(8)).isEmpty();
  }

  @Test
  void shouldFindTheNewestMessageToARecipientAmongSeveral() throws IOException {
    send("a@x.dev", List.of("first@example.com", "second@example.com"), List.of("Code 111111"));
    send("a@x.dev", List.of("second@example.com"), List.of("Code 222222"));
    send("a@x.dev", List.of("other@example.com"), List.of("Code 333333"));

    assertThat(server.awaitMessageTo("second@example.com", WAIT).firstNumber(6)).contains("222222");
    assertThat(server.awaitMessageTo("first@example.com", WAIT).firstNumber(6)).contains("111111");
    assertThat(server.awaitMessageTo("first@example.com", WAIT).to())
        .containsExactly("first@example.com", "second@example.com");
    assertThat(server.messages()).hasSize(3);
  }

  @Test
  void shouldFailToFindMailThatNeverCame() throws IOException {
    send("a@x.dev", List.of("someone@example.com"), List.of("hello"));
    server.awaitMessageTo("someone@example.com", WAIT);

    assertThatThrownBy(() -> server.awaitMessageTo("nobody@example.com", Duration.ofMillis(200)))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("nobody@example.com");
  }

  @Test
  void shouldForgetEverythingOnClear() throws IOException {
    send("a@x.dev", List.of("someone@example.com"), List.of("hello"));
    server.awaitMessageTo("someone@example.com", WAIT);

    server.clear();

    assertThat(server.messages()).isEmpty();
  }

  /** One SMTP session: greeting, EHLO, MAIL, RCPT for each recipient, DATA (lines already dot-stuffed), QUIT. */
  private void send(String from, List<String> to, List<String> lines) throws IOException {
    try (var socket = new Socket(InetAddress.getLoopbackAddress(), server.port());
         var in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
         var out = new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8)) {
      socket.setSoTimeout(5_000);
      assertThat(reply(in)).startsWith("220");
      assertThat(command(out, in, "EHLO client.test")).startsWith("250");
      assertThat(command(out, in, "MAIL FROM:<" + from + ">")).startsWith("250");
      for (var recipient : to) {
        assertThat(command(out, in, "RCPT TO:<" + recipient + ">")).startsWith("250");
      }
      assertThat(command(out, in, "DATA")).startsWith("354");
      for (var line : lines) {
        out.write(line + "\r\n");
      }
      assertThat(command(out, in, ".")).startsWith("250");
      assertThat(command(out, in, "QUIT")).startsWith("221");
    }
  }

  private static String command(Writer out, BufferedReader in, String line) throws IOException {
    out.write(line + "\r\n");
    out.flush();
    return reply(in);
  }

  /** The last line of a (possibly multi-line) reply. */
  private static String reply(BufferedReader in) throws IOException {
    var line = in.readLine();
    while (line != null && line.length() > 3 && line.charAt(3) == '-') {
      line = in.readLine();
    }
    assertThat(line).as("reply").isNotNull();
    return line;
  }
}
