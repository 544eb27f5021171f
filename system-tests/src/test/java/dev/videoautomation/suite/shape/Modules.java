package dev.videoautomation.suite.shape;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The modules whose code the shape checks read: platform and the seven services, each with its sources
 * ({@code src/main/java}) and its compiled classes ({@code target/classes}, there once the reactor built it; this
 * module is built last).
 */
final class Modules {
  static final Path ROOT = Path.of(System.getProperty("suite.root", "..")).toAbsolutePath().normalize();
  /** The services by package name; each lives in {@code <name>-service} and in {@code dev.videoautomation.<name>}. */
  static final List<String> SERVICES = List.of("gateway", "auth", "billing", "scrape", "media", "clone", "records");
  static final String PLATFORM = "platform";

  private Modules() {
  }

  /** Every module's directory: platform first, then the services. */
  static List<Path> directories() {
    var directories = new ArrayList<Path>();
    directories.add(ROOT.resolve(PLATFORM));
    SERVICES.forEach(service -> directories.add(ROOT.resolve(service + "-service")));
    return directories;
  }

  static List<Path> compiledClasses() {
    return directories().stream().map(directory -> directory.resolve("target/classes")).toList();
  }

  /** Every main Java source file of every module. */
  static List<Path> mainSources() {
    var sources = new ArrayList<Path>();
    for (var directory : directories()) {
      try (Stream<Path> files = Files.walk(directory.resolve("src/main/java"))) {
        files.filter(file -> file.toString().endsWith(".java")).sorted().forEach(sources::add);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return sources;
  }

  /** The lines of a file in {@code src/test/resources/shape}, without comments and blank lines. */
  static List<String> allowlist(String name) {
    try (var in = Modules.class.getResourceAsStream("/shape/" + name)) {
      if (in == null) {
        throw new IllegalStateException("missing allowlist /shape/" + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
          .filter(line -> !line.isEmpty() && !line.startsWith("#")).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
