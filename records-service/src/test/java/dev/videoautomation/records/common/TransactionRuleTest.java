package dev.videoautomation.records.common;

import static jakarta.transaction.Transactional.TxType.NOT_SUPPORTED;
import static jakarta.transaction.Transactional.TxType.REQUIRES_NEW;
import static jakarta.transaction.Transactional.TxType.SUPPORTS;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;

import org.junit.jupiter.api.Test;

import dev.videoautomation.records.accounts.AccountService;
import dev.videoautomation.records.assets.AssetService;
import dev.videoautomation.records.campaigns.CampaignService;
import dev.videoautomation.records.posts.PostService;
import dev.videoautomation.records.posts.PostVideos;
import dev.videoautomation.records.projects.ProjectService;
import dev.videoautomation.records.references.ReferenceService;

/**
 * The transaction rule of docs/records-service.md: calls to other services and providers happen outside a
 * transaction; writes go in their own. Every public method of the record services states its boundary on itself (no
 * class-wide default to override): reads {@code SUPPORTS}, writes that call nobody {@code REQUIRES_NEW}, and methods
 * that call another service or provider {@code NOT_SUPPORTED} (their writes then run in
 * {@code QuarkusTransaction.requiringNew()}).
 */
class TransactionRuleTest {
  private static final List<Class<?>> SERVICES = List.of(AccountService.class, AssetService.class,
      CampaignService.class, PostService.class, ProjectService.class, ReferenceService.class, PostVideos.class);
  /** The methods that call billing, media, clone or scrape. */
  private static final Set<String> CALLING_OUT = Set.of("AccountService.create", "AssetService.create",
      "CampaignService.create", "CampaignService.update", "PostService.create", "PostService.update",
      "PostVideos.publishableUrl");

  @Test
  void shouldStateEveryBoundaryOnTheMethodItself() {
    for (var service : SERVICES) {
      assertThat(service.getAnnotation(Transactional.class)).as("class-wide @Transactional on %s",
          service.getSimpleName()).isNull();
    }
  }

  @Test
  void shouldCallOutsideTransactionsAndWriteInTheirOwn() {
    var found = new TreeMap<String, TxType>();
    for (var service : SERVICES) {
      Arrays.stream(service.getDeclaredMethods()).filter(TransactionRuleTest::isServiceMethod)
          .forEach(method -> found.put(service.getSimpleName() + "." + method.getName(), boundary(method)));
    }
    for (Map.Entry<String, TxType> method : found.entrySet()) {
      var name = method.getKey();
      var expected = CALLING_OUT.contains(name) ? NOT_SUPPORTED
          : name.endsWith(".find") || name.endsWith(".list") ? SUPPORTS : REQUIRES_NEW;
      assertThat(method.getValue()).as(name).isEqualTo(expected);
    }
    assertThat(found.keySet()).containsAll(CALLING_OUT).contains("ProjectService.remove", "PostService.find");
  }

  private static boolean isServiceMethod(Method method) {
    return Modifier.isPublic(method.getModifiers()) && !Modifier.isStatic(method.getModifiers())
        && !method.isSynthetic() && !method.isBridge();
  }

  private static TxType boundary(Method method) {
    var transactional = method.getAnnotation(Transactional.class);
    return transactional == null ? null : transactional.value();
  }
}
