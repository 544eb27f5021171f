package dev.videoautomation.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Renders each Kustomize overlay under {@code deploy/overlays} with {@code kubectl kustomize} and checks what an
 * operator relies on: every service has its Deployment (with probes, resources and graceful shutdown), Service, HPA,
 * PDB and NetworkPolicy; each runs the image its Dockerfiles are tagged with; only the gateway is reachable from
 * outside; health and metrics (probes, Prometheus, the monitoring namespace) are on the management port, which no
 * Service exposes; every service may connect to DNS, PostgreSQL, the OTLP collector and the services it calls, only
 * the provider callers (and auth, to its SMTP port) to outside addresses, and nothing to a cloud metadata address;
 * and every setting the README lists for a service reaches that service, from a rendered ConfigMap or from a Secret
 * docs/operations.md tells the operator to create.
 */
class DeployManifestsTest {
  private static final List<String> SERVICES = List.of("gateway-service", "auth-service", "billing-service",
      "scrape-service", "media-service", "clone-service", "records-service");
  private static final Pattern ENV_NAME = Pattern.compile("`([A-Z][A-Z0-9_]+)`");
  /** A row of the Secrets table of docs/operations.md: | `secret` | `KEY`, `KEY` | services |. */
  private static final Pattern SECRET_ROW = Pattern.compile("^\\| `([a-z0-9-]+)` \\| (.+?) \\| (.+?) \\|");
  private static final int API_PORT = 8080;
  private static final int MANAGEMENT_PORT = 9000;
  private static final int OTLP_HTTP_PORT = 4318;
  /** The image tag each Dockerfile's build line gives: docker build ... -t name:tag. */
  private static final Pattern DOCUMENTED_TAG = Pattern.compile("\\s-t\\s+(\\S+)");
  /** Which services each one calls (docs/internal-api.md §4; the gateway forwards to all). */
  private static final Map<String, List<String>> CALLS = Map.of(
      "gateway-service", List.of("auth-service", "billing-service", "scrape-service", "media-service",
          "clone-service", "records-service"),
      // auth's outbox relay hands key.revoked events to records (internal-api §3.17); sub-keys' budgets are billing's
      // and their units of the day the gateway's (§3.19).
      "auth-service", List.of("records-service", "billing-service", "gateway-service"),
      "billing-service", List.of("auth-service"),
      "scrape-service", List.of("media-service"),
      "media-service", List.of(),
      // clone's outbox relay hands job events to records (internal-api §3.17).
      "clone-service", List.of("media-service", "billing-service", "scrape-service", "records-service"),
      "records-service", List.of("media-service", "scrape-service", "billing-service", "clone-service"));
  /** Cloud metadata services (AWS, GCP, Azure, OpenStack; ECS tasks; Alibaba; AWS over IPv6) and link-local. */
  private static final List<String> METADATA_ADDRESSES = List.of("169.254.169.254", "169.254.170.2",
      "100.100.100.200", "fd00:ec2::254", "169.254.0.1", "fe80::1");
  /** Stand-ins for providers' addresses (only compared with CIDR blocks, never connected to). */
  private static final List<String> PUBLIC_ADDRESSES = List.of("3.5.140.2", "104.18.0.1", "2606:4700::6810:1");
  private static final List<String> PRIVATE_ADDRESSES = List.of("10.1.2.3", "172.20.0.5", "192.168.1.1",
      "100.64.0.10", "fd12::1");

  @ParameterizedTest
  @ValueSource(strings = {"dev", "prod"})
  void everyServiceHasItsWorkloadObjects(String overlay) throws Exception {
    var manifests = RenderedManifests.render(overlay);
    for (var service : SERVICES) {
      var deployment = manifests.one("Deployment", service);
      var container = deployment.at("/spec/template/spec/containers/0");
      assertThat(container.at("/startupProbe/httpGet/path").asText()).as(service).isEqualTo("/q/health/started");
      assertThat(container.at("/readinessProbe/httpGet/path").asText()).as(service).isEqualTo("/q/health/ready");
      assertThat(container.at("/livenessProbe/httpGet/path").asText()).as(service).isEqualTo("/q/health/live");
      assertThat(container.at("/resources/requests/memory").asText()).as(service).isNotEmpty();
      assertThat(container.at("/resources/requests/cpu").asText()).as(service).isNotEmpty();
      assertThat(container.at("/resources/limits/memory").asText()).as(service).isNotEmpty();
      assertThat(container.at("/lifecycle/preStop").isMissingNode()).as(service + " preStop").isFalse();
      assertThat(deployment.at("/spec/template/spec/terminationGracePeriodSeconds").asInt()).as(service)
          .isGreaterThan(15);
      assertThat(deployment.at("/spec/template/spec/securityContext/runAsNonRoot").asBoolean()).as(service).isTrue();
      var labels = deployment.at("/spec/template/metadata/labels");
      assertThat(labels.path("app.kubernetes.io/name").asText()).isEqualTo(service);

      var svc = manifests.one("Service", service);
      assertThat(svc.at("/spec/selector/app.kubernetes.io~1name").asText()).isEqualTo(service);
      var hpa = manifests.one("HorizontalPodAutoscaler", service);
      assertThat(hpa.at("/spec/scaleTargetRef/name").asText()).isEqualTo(service);
      assertThat(hpa.at("/spec/minReplicas").asInt()).isPositive();
      var pdb = manifests.one("PodDisruptionBudget", service);
      assertThat(pdb.at("/spec/selector/matchLabels/app.kubernetes.io~1name").asText()).isEqualTo(service);
      var policy = manifests.one("NetworkPolicy", service);
      assertThat(policy.at("/spec/podSelector/matchLabels/app.kubernetes.io~1name").asText()).isEqualTo(service);
    }
  }

  /**
   * MCP sessions live in the memory of the gateway replica that opened them, so /mcp has an Ingress of its own that
   * keeps a caller on one replica: hashed by the caller's address (a hash of Mcp-Session-Id cannot lead to the
   * replica that chose the id; docs/gateway-service.md), over a Service of its own (ingress-nginx keeps the hash per
   * Service, and the rest of the API stays balanced per request), on the API's host and certificate, unbuffered for
   * server-sent events.
   */
  @ParameterizedTest
  @ValueSource(strings = {"dev", "prod"})
  void mcpSessionsStayOnTheReplicaThatOpenedThem(String overlay) throws Exception {
    var manifests = RenderedManifests.render(overlay);
    var api = manifests.one("Ingress", "gateway-service");
    var mcp = manifests.one("Ingress", "gateway-service-mcp");

    var paths = mcp.at("/spec/rules/0/http/paths");
    assertThat(paths).hasSize(1);
    assertThat(paths.get(0).path("path").asText()).isEqualTo("/mcp");
    assertThat(paths.get(0).path("pathType").asText()).isEqualTo("Exact");
    var annotations = mcp.at("/metadata/annotations");
    assertThat(annotations.path("nginx.ingress.kubernetes.io/upstream-hash-by").asText())
        .isIn("$binary_remote_addr", "$remote_addr");
    assertThat(annotations.path("nginx.ingress.kubernetes.io/proxy-buffering").asText()).isEqualTo("off");
    assertThat(api.at("/metadata/annotations").has("nginx.ingress.kubernetes.io/upstream-hash-by")).isFalse();

    var mcpService = paths.get(0).at("/backend/service/name").asText();
    assertThat(api.findValues("service")).extracting(service -> service.path("name").asText())
        .doesNotContain(mcpService);
    var service = manifests.one("Service", mcpService);
    assertThat(service.at("/spec/selector"))
        .isEqualTo(manifests.one("Service", "gateway-service").at("/spec/selector"));
    assertThat(service.at("/spec/ports/0/targetPort").asText()).isEqualTo("http");

    assertThat(mcp.at("/spec/rules/0/host")).isEqualTo(api.at("/spec/rules/0/host"));
    assertThat(mcp.at("/spec/tls")).isEqualTo(api.at("/spec/tls"));
    assertThat(mcp.at("/spec/ingressClassName")).isEqualTo(api.at("/spec/ingressClassName"));
  }

  /**
   * The gateway serves other services' calls under /internal/** on its API port (auth's GET
   * /internal/usage/keys/{clientId}); from outside only the public API is reachable: every path of the OpenAPI
   * document and MCP's /mcp, and nothing under /internal, whatever a caller's token. Matched as Kubernetes matches an
   * Ingress path (Exact: the whole path; Prefix: whole segments).
   */
  @ParameterizedTest
  @ValueSource(strings = {"dev", "prod"})
  void theOutsideReachesThePublicApiAndNeverTheInternalOne(String overlay) throws Exception {
    var manifests = RenderedManifests.render(overlay);
    var routed = new ArrayList<com.fasterxml.jackson.databind.JsonNode>();
    manifests.ofKind("Ingress").forEach(ingress -> ingress.at("/spec/rules").forEach(rule -> rule.at("/http/paths")
        .forEach(routed::add)));
    assertThat(routed).isNotEmpty();
    var document = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(RenderedManifests.ROOT.resolve("system-tests/src/test/openapi/openapi.json").toFile());
    var publicPaths = new ArrayList<String>(List.of("/mcp"));
    document.path("paths").fieldNames().forEachRemaining(path -> publicPaths.add(path.replaceAll("\\{[^}]+}", "x")));
    for (var path : publicPaths) {
      assertThat(routed).as(path + " is reachable from outside").anyMatch(rule -> reaches(rule, path));
    }
    for (var path : List.of("/internal", "/internal/", "/internal/usage/keys/cli_5Hq0aZ9bC1dE2fG3hI4jK5",
        "/internal/verify", "/")) {
      assertThat(routed).as(path + " is not reachable from outside").noneMatch(rule -> reaches(rule, path));
    }
  }

  /** Whether an Ingress path rule takes {@code path} (networking.k8s.io/v1 path matching). */
  private static boolean reaches(com.fasterxml.jackson.databind.JsonNode rule, String path) {
    var given = rule.path("path").asText();
    return switch (rule.path("pathType").asText()) {
      case "Exact" -> path.equals(given);
      case "Prefix" -> {
        var prefix = given.endsWith("/") ? given.substring(0, given.length() - 1) : given;
        yield prefix.isEmpty() || path.equals(prefix) || path.startsWith(prefix + "/");
      }
      default -> true; // ImplementationSpecific: assume the controller takes anything it may
    };
  }

  @ParameterizedTest
  @ValueSource(strings = {"dev", "prod"})
  void onlyTheGatewayTakesOutsideTraffic(String overlay) throws Exception {
    var manifests = RenderedManifests.render(overlay);
    var ingresses = manifests.ofKind("Ingress");
    assertThat(ingresses).extracting(RenderedManifests::name)
        .containsExactlyInAnyOrder("gateway-service", "gateway-service-mcp");
    for (var ingress : ingresses) {
      for (var backend : ingress.findValues("service")) {
        var service = manifests.one("Service", backend.path("name").asText());
        assertThat(service.at("/spec/selector/app.kubernetes.io~1name").asText())
            .as(RenderedManifests.name(ingress) + " reaches only the gateway's pods").isEqualTo("gateway-service");
      }
    }
    for (var service : manifests.ofKind("Service")) {
      assertThat(service.at("/spec/type").asText("ClusterIP")).as(RenderedManifests.name(service))
          .isEqualTo("ClusterIP");
    }
    assertThat(manifests.ofKind("NetworkPolicy")).anySatisfy(policy -> {
      assertThat(policy.at("/spec/podSelector").size()).as("selects every pod").isZero();
      assertThat(policy.at("/spec/policyTypes").toString()).contains("\"Ingress\"");
      assertThat(policy.at("/spec/ingress").isMissingNode()).as("allows nothing").isTrue();
    });
    for (var service : SERVICES) {
      var rules = manifests.one("NetworkPolicy", service).at("/spec/ingress");
      for (var rule : rules) {
        if (service.equals("gateway-service")) {
          continue;
        }
        assertThat(rule.has("from")).as(service + " admits only named peers").isTrue();
        for (var peer : rule.get("from")) {
          var caller = peer.at("/podSelector/matchLabels/app.kubernetes.io~1name").asText("");
          var namespace = peer.at("/namespaceSelector/matchLabels/kubernetes.io~1metadata.name").asText("");
          assertThat(SERVICES.contains(caller) || namespace.equals("monitoring"))
              .as(service + " admits " + peer).isTrue();
          assertThat(caller).as(service + " never admits itself from outside").isNotEqualTo(service);
        }
      }
    }
    // The callers each owner admits are exactly the callers docs/internal-api.md names (and the gateway).
    assertThat(callersOf(manifests, "records-service")).containsExactlyInAnyOrder("gateway-service", "clone-service",
        "auth-service");
    assertThat(callersOf(manifests, "auth-service")).containsExactlyInAnyOrder("gateway-service", "billing-service");
  }

  @ParameterizedTest
  @ValueSource(strings = {"dev", "prod"})
  void healthAndMetricsAreReachedOnTheManagementPortOnly(String overlay) throws Exception {
    var manifests = RenderedManifests.render(overlay);
    assertThat(manifests.one("ConfigMap", "vas-common").at("/data/QUARKUS_MANAGEMENT_PORT").asText())
        .isEqualTo(String.valueOf(MANAGEMENT_PORT));
    for (var service : SERVICES) {
      var template = manifests.one("Deployment", service).at("/spec/template");
      var container = template.at("/spec/containers/0");
      var ports = new HashMap<String, Integer>();
      container.path("ports").forEach(port -> ports.put(port.path("name").asText(),
          port.path("containerPort").asInt()));
      assertThat(ports).as(service + " container ports").containsExactlyInAnyOrderEntriesOf(
          Map.of("http", API_PORT, "management", MANAGEMENT_PORT));
      for (var probe : List.of("startupProbe", "readinessProbe", "livenessProbe")) {
        assertThat(container.at("/" + probe + "/httpGet/port").asText()).as(service + " " + probe)
            .isEqualTo("management");
      }
      var annotations = template.at("/metadata/annotations");
      assertThat(annotations.path("prometheus.io/scrape").asText()).as(service).isEqualTo("true");
      assertThat(annotations.path("prometheus.io/path").asText()).as(service).isEqualTo("/q/metrics");
      assertThat(annotations.path("prometheus.io/port").asText()).as(service)
          .isEqualTo(String.valueOf(MANAGEMENT_PORT));

      for (var port : manifests.one("Service", service).at("/spec/ports")) {
        assertThat(port.path("targetPort").asText()).as(service + " Service exposes the API port only")
            .isEqualTo("http");
      }
      var monitoringPorts = new TreeSet<Integer>();
      for (var rule : manifests.one("NetworkPolicy", service).at("/spec/ingress")) {
        var rulePorts = new TreeSet<Integer>();
        rule.path("ports").forEach(port -> rulePorts.add(port.path("port").asInt()));
        var fromMonitoring = rule.path("from").findValuesAsText("kubernetes.io/metadata.name").contains("monitoring");
        if (fromMonitoring) {
          assertThat(rule.path("from")).as(service + ": monitoring has a rule of its own").hasSize(1);
          monitoringPorts.addAll(rulePorts);
        } else {
          assertThat(rulePorts).as(service + ": callers reach the API port only").containsExactly(API_PORT);
        }
      }
      assertThat(monitoringPorts).as(service + ": monitoring scrapes the management port only")
          .containsExactly(MANAGEMENT_PORT);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"dev", "prod"})
  void everySettingTheReadmeListsReachesItsService(String overlay) throws Exception {
    var manifests = RenderedManifests.render(overlay);
    var readme = readmeSettings();
    var secrets = documentedSecrets();
    var configMaps = new HashMap<String, Set<String>>();
    for (var map : manifests.ofKind("ConfigMap")) {
      var keys = new TreeSet<String>();
      map.path("data").fieldNames().forEachRemaining(keys::add);
      configMaps.put(RenderedManifests.name(map), keys);
    }
    var known = new HashSet<String>();
    readme.values().forEach(known::addAll);

    for (var service : SERVICES) {
      var provided = new TreeSet<String>();
      var spec = manifests.one("Deployment", service).at("/spec/template/spec/containers/0");
      for (var source : spec.path("envFrom")) {
        if (source.has("configMapRef")) {
          var mapName = source.at("/configMapRef/name").asText();
          assertThat(configMaps).as(service + " reads ConfigMap " + mapName).containsKey(mapName);
          provided.addAll(configMaps.get(mapName));
        } else {
          var secretName = source.at("/secretRef/name").asText();
          assertThat(secrets).as(service + " reads Secret " + secretName + ": docs/operations.md must list it")
              .containsKey(secretName);
          provided.addAll(secrets.get(secretName));
        }
      }
      for (var env : spec.path("env")) {
        provided.add(env.path("name").asText());
      }
      var expected = new TreeSet<>(readme.getOrDefault("all", Set.of()));
      expected.addAll(readme.getOrDefault(service.replace("-service", ""), Set.of()));
      assertThat(provided).as(service + " in overlay " + overlay + " gets every setting the README lists for it")
          .containsAll(expected);
    }
    for (var entry : configMaps.entrySet()) {
      assertThat(known).as("every key of ConfigMap " + entry.getKey() + " is a setting the README documents")
          .containsAll(entry.getValue());
    }
    for (var entry : secrets.entrySet()) {
      assertThat(known).as("every key of Secret " + entry.getKey() + " is a setting the README documents")
          .containsAll(entry.getValue().stream().filter(k -> !k.endsWith(".pem")).toList());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"dev", "prod"})
  void everyDeploymentRunsTheImageItsDockerfilesAreTaggedWith(String overlay) throws Exception {
    var manifests = RenderedManifests.render(overlay);
    for (var service : SERVICES) {
      var name = "video-automation/" + service;
      for (var variant : Map.of("jvm", "$VERSION", "native", "$VERSION-native").entrySet()) {
        var dockerfile = RenderedManifests.ROOT.resolve(service + "/src/main/docker/Dockerfile." + variant.getKey());
        var tags = DOCUMENTED_TAG.matcher(Files.readString(dockerfile)).results().map(m -> m.group(1)).toList();
        assertThat(tags).as(dockerfile + " documents one image tag").containsExactly(name + ":" + variant.getValue());
      }
      var image = manifests.one("Deployment", service).at("/spec/template/spec/containers/0/image").asText();
      var repository = image.substring(0, image.lastIndexOf(':'));
      // kustomize edit set image may put a registry in front; the name itself stays the Dockerfiles'.
      assertThat(repository.equals(name) || repository.endsWith("/" + name)).as(overlay + ": " + image).isTrue();
      if (overlay.equals("prod")) {
        assertThat(image.substring(image.lastIndexOf(':') + 1)).as("prod pins a release: " + image)
            .isNotEqualTo("latest");
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"dev", "prod"})
  void everyServiceReachesDnsPostgresAndTheCollectorAndNoMetadataAddress(String overlay) throws Exception {
    var manifests = RenderedManifests.render(overlay);
    assertThat(manifests.ofKind("NetworkPolicy")).as("a policy denies all egress it does not allow").anySatisfy(p -> {
      assertThat(p.at("/spec/podSelector").size()).isZero();
      assertThat(p.at("/spec/policyTypes").toString()).contains("\"Egress\"");
      assertThat(p.at("/spec/egress").isMissingNode()).isTrue();
    });
    var inClusterPostgres = manifests.ofKind("StatefulSet").stream()
        .anyMatch(set -> RenderedManifests.name(set).equals("postgres"));
    for (var service : SERVICES) {
      var egress = Egress.of(manifests, manifests.podLabels("Deployment", service));
      for (var rule : egress.rules()) {
        assertThat(rule.peers()).as(service + " " + rule.policy() + ": every rule names where").isNotEmpty();
        assertThat(rule.ports()).as(service + " " + rule.policy() + ": and on which ports").doesNotContain("*");
      }
      assertThat(egress.portsToPod("kube-system", Map.of("k8s-app", "kube-dns"))).as(service + " DNS")
          .contains("53/UDP", "53/TCP");
      if (inClusterPostgres) {
        assertThat(egress.portsToPod(manifests.namespace(), manifests.podLabels("StatefulSet", "postgres")))
            .as(service + " PostgreSQL").contains("5432/TCP");
      } else {
        assertThat(egress.rules()).as(service + " PostgreSQL").anySatisfy(rule -> assertThat(rule.ports())
            .contains("5432/TCP"));
      }
      assertThat(egress.rules()).as(service + " OTLP collector").anySatisfy(rule -> assertThat(rule.ports())
          .contains(OTLP_HTTP_PORT + "/TCP"));
      for (var address : METADATA_ADDRESSES) {
        assertThat(egress.portsToAddress(address)).as(service + " never reaches " + address).isEmpty();
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"dev", "prod"})
  void everyServiceReachesTheServicesItCallsOnTheirApiPortOnly(String overlay) throws Exception {
    var manifests = RenderedManifests.render(overlay);
    for (var caller : SERVICES) {
      var egress = Egress.of(manifests, manifests.podLabels("Deployment", caller));
      var reached = new TreeSet<String>();
      for (var callee : SERVICES) {
        var ports = egress.portsToPod(manifests.namespace(), manifests.podLabels("Deployment", callee));
        if (!ports.isEmpty()) {
          assertThat(ports).as(caller + " → " + callee).containsExactly(API_PORT + "/TCP");
          reached.add(callee);
          assertThat(callersOf(manifests, callee)).as(callee + " admits " + caller + ", who may call it")
              .contains(caller);
        } else {
          assertThat(callersOf(manifests, callee)).as(callee + " admits only callers that may reach it")
              .doesNotContain(caller);
        }
      }
      assertThat(reached).as(caller + " calls exactly these (docs/internal-api.md)")
          .containsExactlyInAnyOrderElementsOf(CALLS.get(caller));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"dev", "prod"})
  void onlyTheProviderCallersReachOutsideAddressesAndAuthItsSmtpServer(String overlay) throws Exception {
    var manifests = RenderedManifests.render(overlay);
    var smtpPort = manifests.one("ConfigMap", "auth-service-config").at("/data/QUARKUS_MAILER_PORT").asText();
    Set<String> providerPorts = null;
    for (var service : SERVICES) {
      var egress = Egress.of(manifests, manifests.podLabels("Deployment", service));
      for (var address : PUBLIC_ADDRESSES) {
        var ports = egress.portsToAddress(address);
        switch (service) {
          case "gateway-service" -> assertThat(ports).as("the gateway reaches no outside address").isEmpty();
          case "auth-service" -> assertThat(ports).as("auth reaches its SMTP server only")
              .containsExactly(smtpPort + "/TCP");
          default -> {
            assertThat(ports).as(service + " reaches providers over HTTPS").contains("443/TCP");
            providerPorts = providerPorts == null ? ports : providerPorts;
            assertThat(ports).as(service + ": the overlay's one set of outside ports").isEqualTo(providerPorts);
          }
        }
      }
      for (var address : PRIVATE_ADDRESSES) {
        assertThat(egress.portsToAddress(address)).as(service + " reaches " + address + " only on PostgreSQL's port")
            .isSubsetOf("5432/TCP");
      }
    }
  }

  private static List<String> callersOf(RenderedManifests manifests, String service) {
    var callers = new ArrayList<String>();
    for (var rule : manifests.one("NetworkPolicy", service).at("/spec/ingress")) {
      for (var peer : rule.path("from")) {
        var caller = peer.at("/podSelector/matchLabels/app.kubernetes.io~1name").asText("");
        if (!caller.isEmpty()) {
          callers.add(caller);
        }
      }
    }
    return callers;
  }

  /** README's settings table: setting names by the service column ("all", "gateway", "media, scrape", …). */
  private static Map<String, Set<String>> readmeSettings() throws IOException {
    var settings = new HashMap<String, Set<String>>();
    for (var line : Files.readAllLines(RenderedManifests.ROOT.resolve("README.md"))) {
      var cells = line.split("\\|");
      if (cells.length < 5 || !cells[1].trim().startsWith("`")) {
        continue;
      }
      var names = new ArrayList<String>();
      var matcher = ENV_NAME.matcher(cells[1]);
      while (matcher.find()) {
        names.add(matcher.group(1));
      }
      for (var owner : cells[3].split(",")) {
        var key = owner.trim().toLowerCase(Locale.ROOT);
        if (!key.equals("tests")) {
          settings.computeIfAbsent(key, k -> new TreeSet<>()).addAll(names);
        }
      }
    }
    assertThat(settings).as("README settings table").containsKey("all");
    return settings;
  }

  /** The Secrets table of docs/operations.md: secret name → the keys the operator puts in it. */
  private static Map<String, Set<String>> documentedSecrets() throws IOException {
    var secrets = new HashMap<String, Set<String>>();
    for (var line : Files.readAllLines(RenderedManifests.ROOT.resolve("docs/operations.md"))) {
      var row = SECRET_ROW.matcher(line);
      if (row.find()) {
        var keys = new TreeSet<String>();
        var key = Pattern.compile("`([A-Za-z0-9_.]+)`").matcher(row.group(2));
        while (key.find()) {
          keys.add(key.group(1));
        }
        secrets.put(row.group(1), keys);
      }
    }
    assertThat(secrets).as("docs/operations.md Secrets table").containsKeys("vas-database", "vas-internal-token");
    return secrets;
  }
}
