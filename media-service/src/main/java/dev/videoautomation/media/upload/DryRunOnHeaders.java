package dev.videoautomation.media.upload;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import jakarta.ws.rs.NameBinding;

/** Binds {@link UploadDryRun} to the methods of {@code POST /v1/upload}: their dry run never reaches the body. */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface DryRunOnHeaders {
}
