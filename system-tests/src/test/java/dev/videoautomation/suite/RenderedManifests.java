package dev.videoautomation.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

/** The objects a Kustomize overlay of deploy/ renders to, read as JSON trees (for DeployManifestsTest). */
record RenderedManifests(List<JsonNode> objects) {
  static final Path ROOT = Path.of(System.getProperty("suite.root", "..")).toAbsolutePath().normalize();

  /** Renders deploy/overlays/{overlay} with {@code kubectl kustomize}, which needs no cluster and no network. */
  static RenderedManifests render(String overlay) throws Exception {
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
    return new RenderedManifests(objects);
  }

  JsonNode one(String kind, String name) {
    var found = ofKind(kind).stream().filter(o -> name(o).equals(name)).toList();
    assertThat(found).as(kind + " " + name).hasSize(1);
    return found.getFirst();
  }

  List<JsonNode> ofKind(String kind) {
    return objects.stream().filter(o -> o.path("kind").asText().equals(kind)).toList();
  }

  /** The labels of the pods a workload (Deployment, StatefulSet) runs. */
  Map<String, String> podLabels(String kind, String name) {
    var labels = new HashMap<String, String>();
    one(kind, name).at("/spec/template/metadata/labels").properties()
        .forEach(label -> labels.put(label.getKey(), label.getValue().asText()));
    return labels;
  }

  /** The namespace the overlay puts the suite in. */
  String namespace() {
    return one("Deployment", "gateway-service").at("/metadata/namespace").asText();
  }

  static String name(JsonNode object) {
    return object.at("/metadata/name").asText();
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
