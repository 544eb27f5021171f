package dev.videoautomation.gateway.proxy.spending;


import jakarta.inject.Singleton;

import org.eclipse.microprofile.rest.client.inject.RestClient;

import io.quarkus.logging.Log;
import io.vertx.core.Future;
import io.vertx.core.Vertx;

import dev.videoautomation.gateway.admission.Admitted;
import dev.videoautomation.gateway.entitlements.BillingClient;
import dev.videoautomation.gateway.entitlements.CreditBalance;
import dev.videoautomation.gateway.limits.DailyLimits;
import dev.videoautomation.gateway.limits.Metering;
import dev.videoautomation.gateway.proxy.Exchange;
import dev.videoautomation.gateway.proxy.Forwarder;
import dev.videoautomation.gateway.routing.Body;
import dev.videoautomation.gateway.routing.Route;
import dev.videoautomation.gateway.sizes.RequestSizes;

/**
 * A dry run on the request path (issue 32, docs/gateway-service.md "Dry runs"), once the caller is admitted as for
 * the real call: no {@code Idempotency-Key} claimed or replayed (nor forwarded), the daily counts peeked at and
 * nothing taken, the request forwarded with {@code dryRun=true} kept for the owner to judge, and the owner's dry-run
 * answer completed ({@link DryRunAnswers}); any other answer of the owner's is relayed as it came. An upload's body is
 * never read: the owner gets its head alone, and a connection that carries a body is closed after the answer.
 */
@Singleton
public class DryRunCalls {
  private final Metering metering;
  private final Forwarder forwarder;
  private final RequestSizes sizes;
  private final BillingClient billing;
  private final Vertx vertx;

  DryRunCalls(Metering metering, Forwarder forwarder, RequestSizes sizes, @RestClient BillingClient billing,
      Vertx vertx) {
    this.metering = metering;
    this.forwarder = forwarder;
    this.sizes = sizes;
    this.billing = billing;
    this.vertx = vertx;
  }

  /** Peeks, then forwards with {@code internalToken}; fails (nothing sent) when the counts cannot be read. */
  public Future<Void> forward(Exchange exchange, Route route, Admitted admitted, String internalToken) {
    return metering.peek(route, admitted).map(peek -> {
      var bodyWithheld = route.body() == Body.UPLOAD;
      var options = bodyWithheld ? Forwarder.Options.withoutBody(Forwarder.Settlement.NONE)
          : Forwarder.Options.streaming(sizes.bodyLimit(route), Forwarder.Settlement.NONE);
      if (bodyWithheld && exchange.carriesUnreadBody()) {
        // The body the caller sent stays unread, so the connection cannot carry another request.
        exchange.closeAfterTheAnswer();
      }
      forwarder.forward(exchange, route.owner(), internalToken,
          options.answeredBy((context, outcome) -> answer(context, route, admitted, peek, outcome)));
      return null;
    });
  }

  private void answer(Exchange exchange, Route route, Admitted admitted, DailyLimits.Outcome peek,
      Forwarder.Outcome outcome) {
    var owners = DryRunAnswers.ownersDryRun(outcome);
    if (owners == null) {
      Forwarder.answer(exchange, outcome.status(), outcome.headers(), outcome.body());
      return;
    }
    var balance = DryRunAnswers.lacksBalance(owners) ? balance(admitted.clientId()) : Future.<Long>succeededFuture();
    balance.onComplete(known -> Forwarder.answer(exchange, 200, outcome.headers(),
        DryRunAnswers.complete(owners, route, peek, known.result()).toBuffer()));
  }

  /** The client's balance from billing, or null (left out of the answer) when billing does not give it. */
  private Future<Long> balance(String clientId) {
    var context = vertx.getOrCreateContext();
    return Future.fromCompletionStage(billing.balance(clientId).subscribeAsCompletionStage(), context)
        .map(CreditBalance::balance)
        .recover(failure -> {
          Log.warnf("A dry run's answer goes without the balance: billing did not give it (%s)", failure.toString());
          return Future.succeededFuture();
        });
  }
}
