package dev.videoautomation.gateway.routing;

import static dev.videoautomation.gateway.routing.Access.ANY_KEY;
import static dev.videoautomation.gateway.routing.Access.MANAGE_KEYS;
import static dev.videoautomation.gateway.routing.Access.OPTIONAL_KEY;
import static dev.videoautomation.gateway.routing.Access.PUBLIC;
import static dev.videoautomation.gateway.routing.Access.SERVICE;
import static dev.videoautomation.gateway.routing.Owner.AUTH;
import static dev.videoautomation.gateway.routing.Owner.BILLING;
import static dev.videoautomation.gateway.routing.Owner.CLONE;
import static dev.videoautomation.gateway.routing.Owner.GATEWAY;
import static dev.videoautomation.gateway.routing.Owner.MEDIA;
import static dev.videoautomation.gateway.routing.Owner.RECORDS;
import static dev.videoautomation.gateway.routing.Owner.SCRAPE;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Singleton;


import dev.videoautomation.platform.spending.SpendingOperation;

/**
 * Every path of the API and who answers it (design §2 and §3). Access follows one rule unless a row says otherwise:
 * GET/HEAD need {@code api.read}; other methods need {@code api.write} and a subscription. Bodies are documents
 * unless a row takes uploads; a row that issues credentials says so, and its answers are never stored. Which daily
 * bucket a route draws from is not written here: platform's {@link SpendingOperation} table says it, for the route
 * of the same method and pattern.
 */
@Singleton
public class RouteTable {
  /** The 24 scrape endpoints, listed so that a misspelt one is a 404 here and costs no unit. */
  static final List<String> SCRAPE_PATHS = List.of(
      "shortvideo/profile", "shortvideo/profile/videos", "shortvideo/video", "shortvideo/video/transcript",
      "shortvideo/video/comments", "shortvideo/search/users", "shortvideo/trending",
      "photo/profile", "photo/user/posts", "photo/post", "photo/post/comments", "photo/user/reels",
      "microblog/profile", "microblog/user-tweets", "microblog/tweet", "microblog/tweet/transcript",
      "videosite/channel", "videosite/channel-videos", "videosite/video", "videosite/video/comments",
      "ads/social", "ads/search", "ads/professional", "ads/forum");
  /** The clone operations, listed so that a misspelt one is a 404 here and spends none of the shared unit. */
  static final List<String> CLONE_OPERATIONS = List.of("check", "character", "frame", "video");
  /** The clone operations that create a job (an image task, a render); {@code check} answers at once. */
  static final List<String> JOB_CREATING_CLONE_OPERATIONS = List.of("character", "frame", "video");
  static final List<String> RECORD_KINDS = List.of("accounts", "posts", "references", "assets", "projects",
      "campaigns");

  private final List<Route> routes;
  /** The patterns split once into a tree of segments: lookups run on every request. */
  private final RouteTrie trie;
  /** Each route's request timers' {@code uri} tag ({@link UriTags}), worked out once. */
  private final Map<Route, String> uriTags = new IdentityHashMap<>();

  public RouteTable() {
    this.routes = List.copyOf(build());
    this.trie = new RouteTrie(routes);
    for (var route : routes) {
      uriTags.put(route, UriTags.of(route.pattern()));
    }
  }

  /**
   * The {@code uri} tag of requests to {@code route} (a route of this table): the path as the API document writes
   * it, or null where requests keep their own path.
   */
  public String uriTag(Route route) {
    return uriTags.get(route);
  }

  public List<Route> routes() {
    return routes;
  }

  /** The outcome of looking a request up. */
  public sealed interface Lookup permits Found, MethodNotAllowed, NotFound {
  }

  public record Found(Route route) implements Lookup {
  }

  /** The path is known but not with this method; {@code allowed} goes into the {@code Allow} header. */
  public record MethodNotAllowed(List<String> allowed) implements Lookup {
  }

  public record NotFound() implements Lookup {
  }

  /**
   * The most specific route for this method and path. When the path is known only with other methods, the answer
   * is 405 with those methods; when it is not known at all, 404.
   */
  public Lookup lookup(String method, String path) {
    var matches = trie.match("HEAD".equals(method) ? "GET" : method, PathPattern.segments(path));
    if (matches.best() != null) {
      return new Found(matches.best());
    }
    var methods = matches.otherMethods();
    if (methods.isEmpty()) {
      return new NotFound();
    }
    if (methods.contains("GET")) {
      methods.add("HEAD");
    }
    methods.add("OPTIONS");
    return new MethodNotAllowed(List.copyOf(methods));
  }

  private static List<Route> build() {
    var table = new ArrayList<Route>();
    // Gateway's own answers.
    table.add(route("GET", "/v1/usage", GATEWAY));
    table.add(route("GET", "/v1/info", GATEWAY, PUBLIC));
    table.add(route("GET", "/v1/openapi.json", GATEWAY, PUBLIC));
    table.add(route("GET", "/docs/**", GATEWAY, PUBLIC));
    // What each error code means: the page problem-details `type` URIs point at (/docs/errors#rate_limited).
    table.add(route("GET", "/docs/errors", GATEWAY, PUBLIC));
    // MCP (Streamable HTTP): a sent key is checked here; each tool call comes back through this table as REST.
    for (var method : List.of("GET", "POST", "DELETE")) {
      table.add(route(method, "/mcp", GATEWAY, OPTIONAL_KEY));
    }
    // Jobs of every kind: the gateway routes each by its id's prefix to the owner, and serves waits and streams.
    table.add(route("GET", "/v1/jobs", GATEWAY));
    table.add(route("GET", "/v1/jobs/*", GATEWAY));
    table.add(route("GET", "/v1/jobs/*/events", GATEWAY));
    table.add(route("POST", "/v1/jobs/*/cancel", GATEWAY));
    // What each key of a client took today, for auth's key list (docs/internal-api.md §3.19.4): services only.
    table.add(route("GET", "/internal/usage/keys/*", GATEWAY, SERVICE));

    // Discovery, registration, claims and keys: the answers that issue a key are shown once, never stored. A
    // sub-key rotates, recovers and verifies nothing: those act for the whole client (issue 32).
    table.add(route("GET", "/.well-known/**", AUTH, PUBLIC));
    table.add(route("POST", "/v1/auth/agent/**", AUTH, PUBLIC).issuingCredentials());
    table.add(route("GET", "/claim/*", AUTH, PUBLIC));
    table.add(route("POST", "/claim/*", AUTH, PUBLIC).issuingCredentials());
    table.add(route("POST", "/v1/api_keys/rotate", AUTH, ANY_KEY).issuingCredentials().refusingSubKeys());
    table.add(route("POST", "/v1/api_keys/recover", AUTH, PUBLIC).issuingCredentials().refusingSubKeys());
    // Whoever finds a leaked key reports it: holding the key is enough (docs/auth-service.md). Its answer holds no key.
    table.add(route("POST", "/v1/api_keys/revoke_leaked", AUTH, PUBLIC));
    // Verifying the recovery address needs the client's own key, whatever its plan (docs/auth-service.md).
    table.add(route("POST", "/v1/api_keys/verify_email", AUTH, ANY_KEY).refusingSubKeys());
    // The client's keys and sub-keys (issue 32): a claimed, subscribed key that is not a sub-key, reads included.
    table.add(route("POST", "/v1/api_keys", AUTH, MANAGE_KEYS).issuingCredentials());
    table.add(route("GET", "/v1/api_keys", AUTH, MANAGE_KEYS));
    for (var method : List.of("GET", "PUT", "DELETE")) {
      table.add(route(method, "/v1/api_keys/*", AUTH, MANAGE_KEYS));
    }

    // Billing: subscribing, checkout and pricing are open to callers who have no key yet; a keyless checkout's key
    // is handed out once by credits/status.
    table.add(route("POST", "/v1/subscribe", BILLING, OPTIONAL_KEY).refusingSubKeys());
    table.add(route("GET", "/v1/credits/status", BILLING, PUBLIC).issuingCredentials());
    table.add(route("GET", "/v1/pricing", BILLING, PUBLIC));
    table.add(route("POST", "/v1/billing/webhooks/*", BILLING, PUBLIC));
    table.add(route("GET", "/checkout/*", BILLING, PUBLIC));
    table.add(route("POST", "/checkout/*", BILLING, PUBLIC));

    // Scrape and video import.
    SCRAPE_PATHS.forEach(p -> table.add(route("POST", "/v1/scrape/" + p, SCRAPE)));
    table.add(route("POST", "/v1/videos/download/*", SCRAPE));

    // Media: storage, CDN and intelligence.
    table.add(route("POST", "/v1/upload", MEDIA).takingUploads());
    table.add(route("POST", "/v1/upload/url", MEDIA));
    table.add(route("POST", "/v1/overlay", MEDIA));
    table.add(route("POST", "/v1/extract", MEDIA));
    table.add(route("POST", "/v1/transcribe", MEDIA));
    table.add(route("POST", "/v1/watch", MEDIA));
    table.add(route("POST", "/v1/check", MEDIA));
    table.add(route("GET", "/v1/check/rules", MEDIA));
    table.add(route("PUT", "/v1/check/rules", MEDIA));
    table.add(route("POST", "/v1/compliance/video", MEDIA));
    table.add(route("POST", "/v1/compliance/prompt", MEDIA));
    table.add(route("GET", "/cdn/**", MEDIA, PUBLIC));

    // Clone workflow, images, generated videos, music: the clone operations share one bucket (spending table);
    // polling, listing and cancelling are free.
    CLONE_OPERATIONS.forEach(p -> {
      var operation = route("POST", "/v1/clones/" + p, CLONE);
      table.add(JOB_CREATING_CLONE_OPERATIONS.contains(p) ? operation.creatingJobs() : operation);
    });
    table.add(route("GET", "/v1/clones/video", CLONE));
    table.add(route("GET", "/v1/clones/video/*", CLONE));
    table.add(route("DELETE", "/v1/clones/video/*", CLONE));
    table.add(route("POST", "/v1/images/generate", CLONE).creatingJobs());
    table.add(route("GET", "/v1/images/*", CLONE));
    table.add(route("GET", "/v1/videos", CLONE));
    table.add(route("GET", "/v1/music", CLONE));
    table.add(route("POST", "/v1/music", CLONE).creatingJobs());
    table.add(route("GET", "/v1/music/*", CLONE));

    // Records: collection and item paths; the collection-level PUT/DELETE take the id from ?id= or the body.
    for (var kind : RECORD_KINDS) {
      var collection = "/v1/" + kind;
      var create = route("POST", collection, RECORDS);
      table.add(kind.equals("posts") || kind.equals("accounts") ? create.creatingJobs() : create);
      for (var method : List.of("GET", "PUT", "DELETE")) {
        table.add(route(method, collection, RECORDS));
        table.add(route(method, collection + "/*", RECORDS));
      }
    }

    // Webhooks (records-service, Standard Webhooks): endpoints, their delivery log, redelivery.
    // Creating an endpoint and rotating its secret show the secret once: never stored for a replay. A sub-key
    // manages no webhooks, reads included (issue 32): the endpoints and deliveries are the whole client's.
    var webhooks = new ArrayList<Route>();
    webhooks.add(route("POST", "/v1/webhooks", RECORDS).issuingCredentials());
    webhooks.add(route("GET", "/v1/webhooks", RECORDS));
    webhooks.add(route("GET", "/v1/webhooks/*", RECORDS));
    webhooks.add(route("DELETE", "/v1/webhooks/*", RECORDS));
    webhooks.add(route("POST", "/v1/webhooks/*/rotate_secret", RECORDS).issuingCredentials());
    webhooks.add(route("POST", "/v1/webhooks/*/enable", RECORDS));
    webhooks.add(route("GET", "/v1/webhooks/*/deliveries", RECORDS));
    webhooks.add(route("POST", "/v1/webhooks/deliveries/*/redeliver", RECORDS));
    webhooks.forEach(webhook -> table.add(webhook.refusingSubKeys()));
    return table;
  }

  private static Route route(String method, String pattern, Owner owner) {
    return route(method, pattern, owner, defaultAccess(method));
  }

  /** A route with the spending table's row of its method and pattern, if any (its bucket and billing operation). */
  private static Route route(String method, String pattern, Owner owner, Access access) {
    return new Route(method, pattern, owner, access, SpendingOperation.byRoute(method, pattern));
  }

  private static Access defaultAccess(String method) {
    return method.equals("GET") || method.equals("HEAD") ? Access.READ : Access.WRITE;
  }
}
