package dev.videoautomation.platform.providers;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The one way every service calls an outside provider: the JDK client over HTTP/1.1 (an h2c upgrade attempt on
 * plain http breaks streamed bodies with some servers), one request, the answer read whole, each call timed in
 * {@code vas_provider_requests_seconds}, and failures turned into the suite's errors by the provider's
 * {@link ProviderFailures}. Retries, timeouts of the whole operation and circuit breakers stay with each adapter's
 * fault-tolerance annotations, because only the adapter knows whether its call may be repeated.
 */
@ApplicationScoped
public class ProviderHttp {
  private final Map<ClientShape, HttpClient> clients = new ConcurrentHashMap<>();
  private final ObjectMapper json;

  public ProviderHttp(ObjectMapper json) {
    this.json = json;
  }

  /** The provider's JSON answer (a missing node for an empty body); any failure is the provider's error. */
  public JsonNode json(Provider provider, ProviderRequest request) {
    var answer = call(provider, request);
    var node = answer.json();
    if (node == null) {
      throw provider.failures().unreadable(provider, answer.status());
    }
    return node;
  }

  /** The provider's 2xx answer; any other status, and no answer at all, is the provider's error. */
  public ProviderAnswer call(Provider provider, ProviderRequest request) {
    ProviderAnswer answer;
    try {
      answer = exchange(provider, request);
    } catch (TransportFailure e) {
      throw provider.failures().transport(provider, e.kind());
    }
    if (!answer.succeeded()) {
      throw provider.failures().status(provider, answer);
    }
    return answer;
  }

  /** The provider's answer whatever its status, for adapters that judge every status themselves. */
  public ProviderAnswer exchange(Provider provider, ProviderRequest request) throws TransportFailure {
    var started = System.nanoTime();
    var client = clients.computeIfAbsent(new ClientShape(request.connectTimeout(), request.followsRedirects()),
        ProviderHttp::client);
    try {
      var response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
      ProviderMetrics.answered(provider, response.statusCode(), System.nanoTime() - started);
      return new ProviderAnswer(response.statusCode(), response.body(), json);
    } catch (HttpConnectTimeoutException | ConnectException e) {
      throw failed(provider, TransportFailure.Kind.UNREACHABLE, e, started);
    } catch (HttpTimeoutException e) {
      throw failed(provider, TransportFailure.Kind.TIMED_OUT, e, started);
    } catch (IOException e) {
      throw failed(provider, TransportFailure.Kind.BROKEN, e, started);
    } catch (InterruptedException e) {
      // Interrupted while waiting: in practice the caller's own timeout gave up on the provider.
      Thread.currentThread().interrupt();
      throw failed(provider, TransportFailure.Kind.TIMED_OUT, e, started);
    }
  }

  private static TransportFailure failed(Provider provider, TransportFailure.Kind kind, Exception cause,
      long started) {
    ProviderMetrics.failed(provider, kind, System.nanoTime() - started);
    return new TransportFailure(kind, cause);
  }

  private static HttpClient client(ClientShape shape) {
    return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(shape.connectTimeout())
        .followRedirects(shape.followRedirects() ? HttpClient.Redirect.NORMAL : HttpClient.Redirect.NEVER).build();
  }

  /** Connect timeout and redirects are settings of a JDK client, not of a request: one client per shape. */
  private record ClientShape(Duration connectTimeout, boolean followRedirects) {
  }
}
