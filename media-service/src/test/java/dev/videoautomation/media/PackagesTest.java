package dev.videoautomation.media;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

import dev.videoautomation.platform.providers.ProviderHttp;

/**
 * One package per role (docs/media-service.md): the adapters of the outside products media calls (transcription,
 * vision, moderation) live in {@code provider}, and know nothing of the features that use them, so each feature
 * imports its adapter and never the reverse.
 */
class PackagesTest {
  private static final String MEDIA = "dev.videoautomation.media";
  private static final String PROVIDER = MEDIA + ".provider..";
  private static JavaClasses media;

  @BeforeAll
  static void importMedia() {
    media = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages(MEDIA);
    assertThat(media).as("media's main classes").hasSizeGreaterThan(50);
  }

  @Test
  void shouldKeepEveryProviderCallInTheProviderPackage() {
    noClasses().that().resideOutsideOfPackage(PROVIDER).should().dependOnClassesThat()
        .areAssignableTo(ProviderHttp.class).check(media);
  }

  @Test
  void shouldKeepTheProviderAdaptersFreeOfTheFeatures() {
    noClasses().that().resideInAPackage(PROVIDER).should().dependOnClassesThat(
        resideInAPackage(MEDIA + "..").and(resideOutsideOfPackage(PROVIDER))).check(media);
  }
}
