package dev.videoautomation.gateway.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;

import jakarta.enterprise.context.NormalScope;

import org.junit.jupiter.api.Test;

/**
 * ArC stays off the proxied path (issue 34): every bean the request path reaches, from {@link ForwardingFilter} down
 * through the constructors' parameters, is a {@code @Singleton}, injected as itself. A normal-scoped bean
 * ({@code @ApplicationScoped}) is injected as a client proxy, which looks its instance up in the context on every
 * call: on the gateway's read path that lookup ({@code Scopes.scopeMatches}, {@code AbstractSharedContext.get}) was
 * about a tenth of the samples.
 */
class RequestPathBeansTest {
  private static final String PROJECT = "dev.videoautomation.";

  @Test
  void shouldInjectEveryBeanOfTheRequestPathAsItself() {
    var reached = new LinkedHashSet<Class<?>>();
    var toVisit = new ArrayDeque<Class<?>>();
    toVisit.add(ForwardingFilter.class);
    while (!toVisit.isEmpty()) {
      var bean = toVisit.poll();
      if (!reached.add(bean)) {
        continue;
      }
      for (var constructor : bean.getDeclaredConstructors()) {
        for (var parameter : constructor.getParameterTypes()) {
          if (parameter.getName().startsWith(PROJECT) && !parameter.isInterface() && !parameter.isRecord()
              && !parameter.isEnum()) {
            toVisit.add(parameter);
          }
        }
      }
    }
    var proxied = new ArrayList<String>();
    for (var bean : reached) {
      if (normalScoped(bean)) {
        proxied.add(bean.getName());
      }
    }
    assertThat(reached).as("beans reached from ForwardingFilter").hasSizeGreaterThan(10);
    assertThat(proxied).as("normal-scoped (client-proxied) beans on the request path").isEmpty();
  }

  private static boolean normalScoped(Class<?> bean) {
    return Arrays.stream(bean.getAnnotations())
        .anyMatch(annotation -> annotation.annotationType().isAnnotationPresent(NormalScope.class));
  }
}
