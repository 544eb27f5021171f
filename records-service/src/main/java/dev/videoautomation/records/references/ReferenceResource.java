package dev.videoautomation.records.references;

import jakarta.ws.rs.Path;

import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.token.CurrentCaller;
import dev.videoautomation.records.common.Deleted;
import dev.videoautomation.records.common.OwnedRecordResource;
import dev.videoautomation.records.common.RecordKind;

/**
 * The seven operations on a reference ({@link OwnedRecordResource}); what each does and answers is written under
 * /v1/references in META-INF/openapi.yaml.
 */
@Path("/v1/references")
@Tag(name = "Records: references", description = "Bookmarked content (posts, videos, profiles) kept as "
    + "inspiration: the URL is kept as given, never fetched.")
public class ReferenceResource
    extends OwnedRecordResource<ReferenceDtos.View, ReferenceDtos.Filters, ReferenceDtos.Create, ReferenceDtos.Update,
        Deleted> {
  public ReferenceResource(ReferenceService references, CurrentCaller caller) {
    super(references, caller, RecordKind.of("reference", IdPrefix.REF, ReferenceDtos.Update::id,
        ReferenceDtos.Filters::from));
  }
}
