package dev.videoautomation.billing.checkout;

import java.time.Clock;
import java.time.ZoneOffset;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import org.eclipse.microprofile.rest.client.inject.RestClient;

import dev.videoautomation.billing.config.BillingConfig;
import dev.videoautomation.billing.credits.CreditLedger;
import dev.videoautomation.billing.credits.LedgerEntry;
import dev.videoautomation.billing.credits.LedgerRepository;
import dev.videoautomation.billing.plans.Plan;
import dev.videoautomation.billing.plans.PlanRepository;
import dev.videoautomation.billing.subscriptions.Activations;
import dev.videoautomation.platform.config.SuiteConfig;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;

/**
 * Checkout with the local provider (the embedded default): billing's own page completes the session. Completing
 * activates the plan with its monthly credits and, for a keyless checkout, mints the client through auth-service and
 * keeps its key encrypted until {@code credits/status} hands it out once.
 */
@ApplicationScoped
public class Checkouts {
  static final String LOCAL = LocalPaymentProvider.NAME;

  private final CheckoutSessionRepository sessions;
  private final PlanRepository plans;
  private final Activations activations;
  private final CreditLedger credits;
  private final LedgerRepository ledger;
  private final CredentialVault vault;
  private final AuthClients auth;
  private final PaymentProvider provider;
  private final BillingConfig config;
  private final String publicBaseUrl;
  private final Clock clock = Clock.systemUTC();

  Checkouts(CheckoutSessionRepository sessions, PlanRepository plans, Activations activations, CreditLedger credits,
      LedgerRepository ledger, CredentialVault vault, @RestClient AuthClients auth, BillingConfig config,
      SuiteConfig suite,
      jakarta.enterprise.inject.Instance<PaymentProvider> providers) {
    var chosen = config.checkout().provider();
    this.provider = providers.stream().filter(p -> p.name().equals(chosen)).findFirst().orElseThrow(() ->
        new IllegalStateException("BILLING_CHECKOUT_PROVIDER must be local or stripe, not " + chosen));
    this.sessions = sessions;
    this.plans = plans;
    this.activations = activations;
    this.credits = credits;
    this.ledger = ledger;
    this.vault = vault;
    this.auth = auth;
    this.config = config;
    this.publicBaseUrl = suite.publicBaseUrl().replaceAll("/+$", "");
  }

  public String checkoutUrl(CheckoutSession session) {
    return publicBaseUrl + "/checkout/" + session.id;
  }

  /** A session as the pages and answers show it (the row stays in this class). */
  public record View(String id, String status, String clientId, String plan, String email, boolean mintedAKey) {
    static View of(CheckoutSession session) {
      return new View(session.id, session.status, session.clientId, session.plan, session.email,
          session.mintedAKey());
    }

    public boolean complete() {
      return CheckoutSession.COMPLETE.equals(status);
    }

    public boolean expired() {
      return CheckoutSession.EXPIRED.equals(status);
    }
  }

  /** A new session for the client (or for nobody yet, when {@code clientId} is null), and where to pay it. */
  @Transactional
  public CheckoutDtos.Started start(String clientId, String planName, String email) {
    provider.requireConfigured();
    if (clientId == null) {
      vault.requireConfigured();
    }
    Plan plan = plans.byName(planName).orElseThrow(() -> ApiException.invalidField("plan",
        "is not a plan; the plans are: pro"));
    var session = new CheckoutSession();
    session.id = Ids.newId(IdPrefix.CS);
    session.clientId = clientId;
    session.provider = provider.name();
    session.plan = plan.plan;
    session.email = email;
    session.status = CheckoutSession.PENDING;
    session.createdAt = clock.instant();
    session.expiresAt = session.createdAt.plus(config.checkout().sessionTtl());
    sessions.persist(session);
    var payment = provider.start(session, email, checkoutUrl(session));
    session.providerSessionId = payment.providerSessionId();
    if (payment.expiresAt() != null) {
      session.expiresAt = payment.expiresAt();
    }
    return new CheckoutDtos.Started(session.id, payment.checkoutUrl(), session.expiresAt.toEpochMilli());
  }

  /** The session as it stands now (a pending one past its time is expired); empty when unknown. */
  @Transactional
  public Optional<View> current(String sessionId) {
    return Optional.ofNullable(sessions.findById(sessionId)).map(this::expireIfDue).map(View::of);
  }

  /** Pays a local session: idempotent, so a double submit of the page changes nothing. */
  @Transactional
  public View completeLocally(String sessionId) {
    var session = sessions.locked(sessionId).orElseThrow(() -> new ApiException(ErrorCode.NOT_FOUND,
        "This checkout session does not exist."));
    if (!LOCAL.equals(session.provider)) {
      throw new ApiException(ErrorCode.NOT_FOUND, "This checkout is paid at Stripe, not here.");
    }
    expireIfDue(session);
    if (!CheckoutSession.PENDING.equals(session.status)) {
      return View.of(session);
    }
    return View.of(complete(session, null));
  }

  /**
   * The provider says the session is paid (Stripe's checkout.session.completed, or the first invoice.paid when it
   * arrives first). A session completes once; an expired one completes too, since the money was taken.
   */
  @Transactional
  public java.util.Optional<CheckoutSession> completeFromProvider(String sessionId, String providerSubscriptionId) {
    var session = sessions.locked(sessionId);
    if (session.isEmpty()) {
      return session;
    }
    if (CheckoutSession.COMPLETE.equals(session.get().status)) {
      return session;
    }
    return java.util.Optional.of(complete(session.get(), providerSubscriptionId));
  }

  private CheckoutSession complete(CheckoutSession session, String providerSubscriptionId) {
    if (session.clientId == null) {
      var minted = auth.mint(new AuthClients.MintRequest(session.id, session.email, false));
      if (minted.credential() == null) {
        // A first answer was lost before this session recorded it: ask for a fresh key (auth refuses if in use).
        minted = auth.mint(new AuthClients.MintRequest(session.id, session.email, true));
      }
      var sealed = vault.seal(session.id, minted.credential());
      session.clientId = minted.clientId();
      session.credentialCiphertext = sealed[0];
      session.credentialNonce = sealed[1];
    }
    var plan = plans.byName(session.plan).orElseThrow();
    var subscription = activations.activate(session.clientId, plan,
        clock.instant().atZone(ZoneOffset.UTC).plusMonths(1).toInstant(), session.provider);
    if (providerSubscriptionId != null) {
      subscription.providerSubscriptionId = providerSubscriptionId;
    }
    if (plan.monthlyCredits > 0 && ledger.find(session.id, LedgerEntry.GRANT).isEmpty()) {
      credits.grant(session.clientId, session.id, plan.monthlyCredits, "monthly credits of plan " + plan.plan,
          "checkout:" + session.provider);
    }
    session.status = CheckoutSession.COMPLETE;
    session.completedAt = clock.instant();
    return session;
  }

  /** The key of a completed keyless checkout, once; empty on every later call. */
  @Transactional
  public Optional<String> takeCredential(String sessionId) {
    return sessions.takeCredential(sessionId).map(sealed -> vault.open(sessionId, sealed[0], sealed[1]));
  }

  private CheckoutSession expireIfDue(CheckoutSession session) {
    if (CheckoutSession.PENDING.equals(session.status) && !clock.instant().isBefore(session.expiresAt)) {
      session.status = CheckoutSession.EXPIRED;
    }
    return session;
  }
}
