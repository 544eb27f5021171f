package dev.videoautomation.gateway.jobs;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.gateway.routing.Owner;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.errors.ErrorResponses;
import dev.videoautomation.platform.token.InternalTokens;

/**
 * {@code GET /v1/jobs/{id}} with {@code Prefer: wait=N} (docs/jobs.md "Waiting"): the wait follows the job before its
 * state is read; the answer is the state when it ended or when N seconds passed, read again then, with
 * {@code Preference-Applied}; an owner unreadable then is a 503 (within N + 5 s: two reads of at most
 * {@code gateway.jobs.owner-timeout}). A request without the preference goes on to {@link JobsResource#getJob}.
 *
 * <p>A Vert.x route ahead of the resource: a JAX-RS answer resumed up to a minute later, from a notification, lost
 * its request scope under load (Quarkus REST then answers 500), and this answer needs none.
 */
@ApplicationScoped
class JobWaitRoute {
  static final String PATH = "/v1/jobs/:id";
  static final String UNREADABLE = "The job's service could not be read when the wait ended; the job itself is "
      + "unaffected. Read it again in a few seconds.";

  private final OwnerJobs owners;
  private final JobWaits waits;
  private final JobSlots slots;
  private final InternalTokens tokens;

  JobWaitRoute(OwnerJobs owners, JobWaits waits, JobSlots slots, InternalTokens tokens) {
    this.owners = owners;
    this.waits = waits;
    this.slots = slots;
    this.tokens = tokens;
  }

  void register(@Observes Router router) {
    router.get(PATH).order(JobEventStream.ORDER).handler(this::read);
  }

  private void read(RoutingContext rc) {
    var seconds = Preferences.waitSeconds(rc.request().headers().getAll(Preferences.PREFER));
    if (seconds.isEmpty()) {
      rc.next();
      return;
    }
    var id = rc.pathParam("id");
    try {
      var caller = new JobsResource.Caller(rc, tokens);
      var owner = JobsResource.ownerOf(id);
      var slot = slots.take(JobSlots.Kind.WAIT, caller.clientId);
      waited(rc, owner, id, seconds.getAsInt(), caller, slot);
    } catch (ApiException refused) {
      ErrorResponses.send(rc, refused.error());
    }
  }

  private void waited(RoutingContext rc, Owner owner, String id, int seconds, JobsResource.Caller caller,
      JobSlots.Slot slot) {
    var wait = waits.begin(id, seconds, () -> owners.view(owner, id, caller.token, caller.requestId)
        .map(answer -> answer.ok() && JobOwners.terminal(answer.json().getString("status"))));
    // A caller that goes away ends its wait and gives its slot back.
    rc.addEndHandler(ignored -> {
      wait.end();
      slot.close();
    });
    owners.view(owner, id, caller.token, caller.requestId)
        .compose(first -> {
          if (first.status() >= 500) {
            return Future.failedFuture(new IllegalStateException("owner answered " + first.status()));
          }
          if (!first.ok() || JobOwners.terminal(first.json().getString("status"))) {
            wait.end();
            return Future.succeededFuture(first);
          }
          return wait.ended().compose(ended -> owners.view(owner, id, caller.token, caller.requestId));
        })
        .onComplete(done -> {
          wait.end();
          slot.close();
          var response = rc.response();
          if (response.ended() || response.closed()) {
            return;
          }
          if (done.failed() || done.result().status() >= 500) {
            ErrorResponses.send(rc, ApiError.of(ErrorCode.SERVICE_UNAVAILABLE, UNREADABLE).with("retryAfter", 5));
            return;
          }
          var answer = done.result();
          response.setStatusCode(answer.status()).putHeader("Content-Type", answer.contentType())
              .putHeader(Preferences.APPLIED, Preferences.applied(seconds))
              .end(Buffer.buffer(answer.body().getBytes()));
        });
  }
}
