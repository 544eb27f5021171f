package dev.videoautomation.records.assets;

import jakarta.ws.rs.Path;

import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.token.CurrentCaller;
import dev.videoautomation.records.common.Deleted;
import dev.videoautomation.records.common.OwnedRecordResource;
import dev.videoautomation.records.common.RecordKind;

/**
 * The seven operations on an asset ({@link OwnedRecordResource}); what each does and answers is written under
 * /v1/assets in META-INF/openapi.yaml.
 */
@Path("/v1/assets")
@Tag(name = "Records: assets", description = "Files kept by the client on the service's CDN: fetched there "
    + "when created from an outside URL, or the client's own upload as it is.")
public class AssetResource
    extends OwnedRecordResource<AssetDtos.View, AssetDtos.Filters, AssetDtos.Create, AssetDtos.Update, Deleted> {
  public AssetResource(AssetService assets, CurrentCaller caller) {
    super(assets, caller, RecordKind.of("asset", IdPrefix.AST, AssetDtos.Update::id,
        AssetDtos.Filters::from));
  }
}
