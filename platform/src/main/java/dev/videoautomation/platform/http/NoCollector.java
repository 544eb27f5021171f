package dev.videoautomation.platform.http;

import java.util.Collection;

import jakarta.inject.Singleton;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.quarkus.arc.Unremovable;
import io.quarkus.arc.lookup.LookupIfProperty;
import io.quarkus.opentelemetry.runtime.config.runtime.exporter.OtlpExporterConfig;

/**
 * Where spans go while no collector is named ({@code OTEL_EXPORTER_OTLP_ENDPOINT} empty) but the SDK is switched on
 * all the same ({@code QUARKUS_OTEL_SDK_DISABLED=false}; without it, {@link TracingSwitch} keeps the SDK off):
 * nowhere, where the OpenTelemetry extension would send them to its default collector address (localhost:4317). A
 * {@link SpanExporter} bean turns the extension's own OTLP exporter off, so this one exists only while the endpoint
 * is the extension's default, which is what it resolves to when nothing is set.
 */
@Singleton
@Unremovable
@LookupIfProperty(name = "quarkus.otel.exporter.otlp.traces.endpoint",
    stringValue = OtlpExporterConfig.DEFAULT_GRPC_BASE_URI, lookupIfMissing = true)
public class NoCollector implements SpanExporter {
  @Override
  public CompletableResultCode export(Collection<SpanData> spans) {
    return CompletableResultCode.ofSuccess();
  }

  @Override
  public CompletableResultCode flush() {
    return CompletableResultCode.ofSuccess();
  }

  @Override
  public CompletableResultCode shutdown() {
    return CompletableResultCode.ofSuccess();
  }
}
