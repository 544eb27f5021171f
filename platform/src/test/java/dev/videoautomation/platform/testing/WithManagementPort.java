package dev.videoautomation.platform.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import io.quarkus.test.common.WithTestResource;

/**
 * {@link ManagementPortResource} for a test class and its subclasses in other modules: Quarkus finds a plain
 * {@code @WithTestResource} only on classes of the module's own index, but a meta-annotation on any superclass.
 */
@WithTestResource(ManagementPortResource.class)
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface WithManagementPort {
}
