package dev.videoautomation.suite.shape;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.TreeSet;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;

/**
 * Who may import whom, over every module's compiled main classes (built before this module): no package cycles
 * (within platform and each service, the feature packages), platform imports no service, no service imports another,
 * and a JAX-RS resource reaches the database only through a service class, never an entity or a repository. The
 * resources that did before issue 30 are listed in {@code shape/resource-imports.txt}; the list only shrinks.
 */
class ArchitectureTest {
  private static final String BASE = "dev.videoautomation.";
  private static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes = new ClassFileImporter().importPaths(Modules.compiledClasses());
    assertThat(classes).as("the modules' classes: build them first (./mvnw verify builds this module last)")
        .hasSizeGreaterThan(100);
  }

  @Test
  void shouldHaveNoPackageCycles() {
    slices().matching(BASE + "(*).(*)..").should().beFreeOfCycles().check(classes);
  }

  @Test
  void shouldKeepPlatformFreeOfServices() {
    noClasses().that().resideInAPackage(BASE + Modules.PLATFORM + "..").should().dependOnClassesThat()
        .resideInAnyPackage(Modules.SERVICES.stream().map(service -> BASE + service + "..").toArray(String[]::new))
        .check(classes);
  }

  @Test
  void shouldKeepEachServiceFreeOfTheOthers() {
    for (var service : Modules.SERVICES) {
      var others = Modules.SERVICES.stream().filter(other -> !other.equals(service)).map(other -> BASE + other + "..")
          .toArray(String[]::new);
      noClasses().that().resideInAPackage(BASE + service + "..").should().dependOnClassesThat()
          .resideInAnyPackage(others).check(classes);
    }
  }

  @Test
  void shouldKeepEntitiesAndRepositoriesOutOfResources() {
    var found = new TreeSet<String>();
    for (var resource : classes) {
      if (!isResource(resource)) {
        continue;
      }
      resource.getDirectDependenciesFromSelf().stream().map(dependency -> dependency.getTargetClass()
          .getBaseComponentType()).filter(ArchitectureTest::isPersistence).distinct()
          .forEach(target -> found.add(name(resource) + " -> " + name(target)));
    }
    var listed = Modules.allowlist("resource-imports.txt");

    assertThat(found).as("resources that use an entity or a repository: go through the feature's service class")
        .isSubsetOf(listed);
    assertThat(listed).as("listed in shape/resource-imports.txt but no longer found: remove them")
        .isSubsetOf(found);
  }

  private static boolean isResource(JavaClass type) {
    return type.getSimpleName().endsWith("Resource") || type.isAnnotatedWith("jakarta.ws.rs.Path");
  }

  private static boolean isPersistence(JavaClass type) {
    return type.isAnnotatedWith("jakarta.persistence.Entity") || type.getSimpleName().endsWith("Repository")
        || type.isAssignableTo("io.quarkus.hibernate.orm.panache.PanacheRepositoryBase");
  }

  private static String name(JavaClass type) {
    return type.getName().startsWith(BASE) ? type.getName().substring(BASE.length()) : type.getName();
  }
}
