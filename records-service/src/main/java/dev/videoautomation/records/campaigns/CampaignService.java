package dev.videoautomation.records.campaigns;

import static jakarta.transaction.Transactional.TxType.NOT_SUPPORTED;
import static jakarta.transaction.Transactional.TxType.REQUIRES_NEW;
import static jakarta.transaction.Transactional.TxType.SUPPORTS;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import io.quarkus.narayana.jta.QuarkusTransaction;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.lists.Page;
import dev.videoautomation.platform.updates.PartialUpdate;
import dev.videoautomation.records.common.Deleted;
import dev.videoautomation.records.common.Inputs;
import dev.videoautomation.records.common.ListQuery;
import dev.videoautomation.records.common.OwnedRecordService;

/** Campaigns: config priced into estimatedCredits when created and whenever the config changes. */
@ApplicationScoped
public class CampaignService implements
    OwnedRecordService<CampaignDtos.View, CampaignDtos.Filters, CampaignDtos.Create, CampaignDtos.Update, Deleted> {
  public static final Set<String> STATUSES = Set.of(Campaign.DRAFT, "active", "completed");
  static final int MAX_CONFIG_BYTES = 64 * 1024;
  static final int MAX_VIDEOS = 500;

  private final CampaignRepository campaigns;
  private final CampaignEstimates estimates;

  public CampaignService(CampaignRepository campaigns, CampaignEstimates estimates) {
    this.campaigns = campaigns;
    this.estimates = estimates;
  }

  @Override
  @Transactional(NOT_SUPPORTED)
  public CampaignDtos.View create(String clientId, CampaignDtos.Create body) {
    if (body == null) {
      throw ApiException.invalidField("body", "is required");
    }
    var campaign = new Campaign();
    campaign.name = Inputs.optional("name", body.name(), Inputs.MAX_NAME);
    var config = Inputs.object("config", body.config(), MAX_CONFIG_BYTES);
    campaign.config = config == null ? Map.of() : config;
    var status = Inputs.oneOf("status", body.status(), STATUSES);
    campaign.status = status == null ? Campaign.DRAFT : status;
    var videoIds = videoIds(body.videoIds());
    campaign.videoIds = videoIds == null ? List.of() : videoIds;
    var tags = Inputs.tags(body.tags());
    campaign.tags = tags == null ? List.of() : tags;
    campaign.estimatedCredits = estimates.estimate(campaign.config);
    campaign.created(Ids.newId(IdPrefix.CMP), clientId);
    QuarkusTransaction.requiringNew().run(() -> campaigns.persist(campaign));
    return CampaignDtos.View.from(campaign);
  }

  @Override
  @Transactional(SUPPORTS)
  public Optional<CampaignDtos.View> find(String clientId, String id) {
    return campaigns.findOwned(clientId, id).map(CampaignDtos.View::from);
  }

  @Override
  @Transactional(SUPPORTS)
  public Page<CampaignDtos.View> list(ListQuery query, CampaignDtos.Filters filters) {
    query.where("status", Inputs.statusFilter(filters.status(), STATUSES));
    return Page.fromRows(campaigns.page(query), query.page(), Campaign::cursor, CampaignDtos.View::from);
  }

  /**
   * Prices a changed config once every field given is checked, and before the transaction, so billing is never called
   * for a body that is refused or while a row is locked.
   */
  @Override
  @Transactional(NOT_SUPPORTED)
  public Optional<CampaignDtos.View> update(String clientId, String id, CampaignDtos.Update body) {
    var changes = PartialUpdate.<Campaign>of(body)
        .set(body.name(), name -> Inputs.optional("name", name, Inputs.MAX_NAME), (campaign, name) ->
            campaign.name = name)
        .set(body.config(), config -> Inputs.object("config", config, MAX_CONFIG_BYTES), (campaign, config) ->
            campaign.config = config)
        .set(body.status(), status -> Inputs.oneOf("status", status, STATUSES), (campaign, status) ->
            campaign.status = status)
        .set(body.videoIds(), CampaignService::videoIds, (campaign, videoIds) -> campaign.videoIds = videoIds)
        .set(body.tags(), Inputs::tags, (campaign, tags) -> campaign.tags = tags);
    changes.set(body.config(), estimates::estimate, (campaign, credits) -> campaign.estimatedCredits = credits);
    return QuarkusTransaction.requiringNew().call(() -> campaigns.updateOwned(clientId, id, changes)
        .map(CampaignDtos.View::from));
  }

  @Override
  @Transactional(REQUIRES_NEW)
  public Optional<Deleted> remove(String clientId, String id) {
    return campaigns.deleteOwned(clientId, id);
  }

  private static List<String> videoIds(List<String> ids) {
    if (ids == null) {
      return null;
    }
    if (ids.size() > MAX_VIDEOS) {
      throw ApiException.invalidField("videoIds", "may hold at most " + MAX_VIDEOS + " ids");
    }
    for (int i = 0; i < ids.size(); i++) {
      Inputs.id("videoIds[" + i + "]", IdPrefix.VID, ids.get(i));
    }
    return List.copyOf(ids);
  }
}
