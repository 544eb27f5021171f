package dev.videoautomation.records.campaigns;

import jakarta.ws.rs.Path;

import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.token.CurrentCaller;
import dev.videoautomation.records.common.Deleted;
import dev.videoautomation.records.common.OwnedRecordResource;
import dev.videoautomation.records.common.RecordKind;

/**
 * The seven operations on a campaign ({@link OwnedRecordResource}); what each does and answers is written under
 * /v1/campaigns in META-INF/openapi.yaml.
 */
@Path("/v1/campaigns")
@Tag(name = "Records: campaigns", description = "Campaigns: a config, the generated videos used, and the "
    + "credits the config is estimated to cost.")
public class CampaignResource
    extends OwnedRecordResource<CampaignDtos.View, CampaignDtos.Filters, CampaignDtos.Create, CampaignDtos.Update,
        Deleted> {
  public CampaignResource(CampaignService campaigns, CurrentCaller caller) {
    super(campaigns, caller, RecordKind.of("campaign", IdPrefix.CMP, CampaignDtos.Update::anyId,
        CampaignDtos.Filters::from));
  }
}
