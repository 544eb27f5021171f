package dev.videoautomation.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

/**
 * Renders each Kustomize overlay under {@code deploy/overlays} with {@code kubectl kustomize} and checks what an
 * operator relies on: every service has its Deployment (with probes, resources and graceful shutdown), Service, HPA,
 * PDB and NetworkPolicy; only the gateway is reachable from outside; health and metrics (probes, Prometheus, the
 * monitoring namespace) are on the management port, which no Service exposes; and every setting the README lists
 * for a service reaches that service, from a rendered ConfigMap or from a Secret docs/operations.md tells the
 * operator to create.
 */
class DeployManifestsTest {
  private static final List<String> SERVICES = List.of("gateway-service", "auth-service", "billing-service",
      "scrape-service", "media-service", "clone-service", "records-service");
  private static final Pattern ENV_NAME = Pattern.compile("`([A-Z][A-Z0-9_]+)`");
  /** A row of the Secrets table of docs/operations.md: | `secret` | `KEY`, `KEY` | services |. */
  private static final Pattern SECRET_ROW = Pattern.compile("^\\| `([a-z0-9-]+)` \\| (.+?) \\| (.+?) \\|");
  private static final int API_PORT = 8080;
  private static final int MANAGEMENT_PORT = 9000;
  private static final Path ROOT = Path.of(System.getProperty("suite.root", "..")).toAbsolutePath().normalize();

  @ParameterizedTest
  @ValueSource(strings = {"dev", "prod"})
  void everyServiceHasItsWorkloadObjects(String overlay) throws Exception {
    var objects = render(overlay);
    for (var service : SERVICES) {
      var deployment = one(objects, "Deployment", service);
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

      var svc = one(objects, "Service", service);
      assertThat(svc.at("/spec/selector/app.kubernetes.io~1name").asText()).isEqualTo(service);
      var hpa = one(objects, "HorizontalPodAutoscaler", service);
      assertThat(hpa.at("/spec/scaleTargetRef/name").asText()).isEqualTo(service);
      assertThat(hpa.at("/spec/minReplicas").asInt()).isPositive();
      var pdb = one(objects, "PodDisruptionBudget", service);
      assertThat(pdb.at("/spec/selector/matchLabels/app.kubernetes.io~1name").asText()).isEqualTo(service);
      var policy = one(objects, "NetworkPolicy", service);
      assertThat(policy.at("/spec/podSelector/matchLabels/app.kubernetes.io~1name").asText()).isEqualTo(service);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"dev", "prod"})
  void onlyTheGatewayTakesOutsideTraffic(String overlay) throws Exception {
    var objects = render(overlay);
    var ingresses = ofKind(objects, "Ingress");
    assertThat(ingresses).hasSize(1);
    assertThat(ingresses.getFirst().findValuesAsText("name")).contains("gateway-service")
        .doesNotContainAnyElementsOf(SERVICES.stream().filter(s -> !s.equals("gateway-service")).toList());
    for (var service : ofKind(objects, "Service")) {
      assertThat(service.at("/spec/type").asText("ClusterIP")).as(name(service)).isEqualTo("ClusterIP");
    }
    assertThat(ofKind(objects, "NetworkPolicy")).anySatisfy(policy -> {
      assertThat(policy.at("/spec/podSelector").size()).as("selects every pod").isZero();
      assertThat(policy.at("/spec/ingress").isMissingNode()).as("allows nothing").isTrue();
    });
    for (var service : SERVICES) {
      var rules = one(objects, "NetworkPolicy", service).at("/spec/ingress");
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
    assertThat(callersOf(objects, "records-service")).containsExactly("gateway-service");
    assertThat(callersOf(objects, "auth-service")).containsExactlyInAnyOrder("gateway-service", "billing-service");
  }

  @ParameterizedTest
  @ValueSource(strings = {"dev", "prod"})
  void healthAndMetricsAreReachedOnTheManagementPortOnly(String overlay) throws Exception {
    var objects = render(overlay);
    assertThat(one(objects, "ConfigMap", "vas-common").at("/data/QUARKUS_MANAGEMENT_PORT").asText())
        .isEqualTo(String.valueOf(MANAGEMENT_PORT));
    for (var service : SERVICES) {
      var template = one(objects, "Deployment", service).at("/spec/template");
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

      for (var port : one(objects, "Service", service).at("/spec/ports")) {
        assertThat(port.path("targetPort").asText()).as(service + " Service exposes the API port only")
            .isEqualTo("http");
      }
      var monitoringPorts = new TreeSet<Integer>();
      for (var rule : one(objects, "NetworkPolicy", service).at("/spec/ingress")) {
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
    var objects = render(overlay);
    var readme = readmeSettings();
    var secrets = documentedSecrets();
    var configMaps = new HashMap<String, Set<String>>();
    for (var map : ofKind(objects, "ConfigMap")) {
      var keys = new TreeSet<String>();
      map.path("data").fieldNames().forEachRemaining(keys::add);
      configMaps.put(name(map), keys);
    }
    var known = new HashSet<String>();
    readme.values().forEach(known::addAll);

    for (var service : SERVICES) {
      var provided = new TreeSet<String>();
      var spec = one(objects, "Deployment", service).at("/spec/template/spec/containers/0");
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

  private static List<String> callersOf(List<JsonNode> objects, String service) {
    var callers = new ArrayList<String>();
    for (var rule : one(objects, "NetworkPolicy", service).at("/spec/ingress")) {
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
    for (var line : Files.readAllLines(ROOT.resolve("README.md"))) {
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
    for (var line : Files.readAllLines(ROOT.resolve("docs/operations.md"))) {
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

  private static JsonNode one(List<JsonNode> objects, String kind, String name) {
    var found = ofKind(objects, kind).stream().filter(o -> name(o).equals(name)).toList();
    assertThat(found).as(kind + " " + name).hasSize(1);
    return found.getFirst();
  }

  private static List<JsonNode> ofKind(List<JsonNode> objects, String kind) {
    return objects.stream().filter(o -> o.path("kind").asText().equals(kind)).toList();
  }

  private static String name(JsonNode object) {
    return object.at("/metadata/name").asText();
  }

  private static List<JsonNode> render(String overlay) throws Exception {
    var process = new ProcessBuilder(kubectl(), "kustomize", ROOT.resolve("deploy/overlays/" + overlay).toString())
        .redirectErrorStream(false).start();
    var out = process.getInputStream().readAllBytes();
    var err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as("kubectl kustomize " + overlay + ": " + err).isZero();
    var objects = new ArrayList<JsonNode>();
    try (var parser = new YAMLFactory().createParser(out)) {
      new ObjectMapper().readValues(parser, JsonNode.class).forEachRemaining(node -> {
        if (node != null && !node.isNull()) {
          objects.add(node);
        }
      });
    }
    return objects;
  }

  /** kubectl from PATH or the Cloud SDK's place (this machine kind carries one there). */
  private static String kubectl() {
    var path = System.getenv().getOrDefault("PATH", "");
    var candidates = Stream.concat(Stream.of(path.split(":")).map(dir -> Path.of(dir, "kubectl")),
        Stream.of(Path.of("/usr/lib/google-cloud-sdk/bin/kubectl")));
    return candidates.filter(Files::isExecutable).findFirst().map(Path::toString)
        .orElseGet(() -> fail("kubectl (with its built-in kustomize) is needed to render deploy/; install it"));
  }
}
