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
import dev.videoautomation.platform.lists.PageRequest;
import dev.videoautomation.records.common.Inputs;
import dev.videoautomation.records.common.ListQuery;
import dev.videoautomation.records.common.OwnedRecordService;

/** Campaigns: config priced into estimatedCredits when created and whenever the config changes. */
@ApplicationScoped
public class CampaignService implements OwnedRecordService<Campaign, CampaignDtos.Update> {
  public static final Set<String> STATUSES = Set.of(Campaign.DRAFT, "active", "completed");
  static final int MAX_CONFIG_BYTES = 64 * 1024;
  static final int MAX_VIDEOS = 500;

  private final CampaignRepository campaigns;
  private final CampaignEstimates estimates;

  public CampaignService(CampaignRepository campaigns, CampaignEstimates estimates) {
    this.campaigns = campaigns;
    this.estimates = estimates;
  }

  @Transactional(NOT_SUPPORTED)
  public Campaign create(String clientId, CampaignDtos.Create body) {
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
    return campaign;
  }

  @Override
  @Transactional(SUPPORTS)
  public Optional<Campaign> find(String clientId, String id) {
    return campaigns.findOwned(clientId, id);
  }

  @Transactional(SUPPORTS)
  public Page<CampaignDtos.View> list(String clientId, Map<String, String> tags, PageRequest page, String status) {
    var query = ListQuery.of(clientId, tags, page).where("status", Inputs.statusFilter(status, STATUSES));
    return Page.fromRows(campaigns.page(query), page, Campaign::cursor, CampaignDtos.View::from);
  }

  /** Prices a changed config before the transaction, so billing is never called while a row is locked. */
  @Override
  @Transactional(NOT_SUPPORTED)
  public Optional<Campaign> update(String clientId, String id, CampaignDtos.Update body) {
    if (body == null) {
      throw ApiException.invalidField("body", "is required");
    }
    var name = Inputs.optional("name", body.name(), Inputs.MAX_NAME);
    var config = Inputs.object("config", body.config(), MAX_CONFIG_BYTES);
    var status = Inputs.oneOf("status", body.status(), STATUSES);
    var videoIds = videoIds(body.videoIds());
    var tags = Inputs.tags(body.tags());
    Integer estimate = config == null ? null : estimates.estimate(config);
    return QuarkusTransaction.requiringNew().call(() -> campaigns.findOwned(clientId, id).map(campaign -> {
      campaign.name = name != null ? name : campaign.name;
      if (config != null) {
        campaign.config = config;
        campaign.estimatedCredits = estimate;
      }
      campaign.status = status != null ? status : campaign.status;
      campaign.videoIds = videoIds != null ? videoIds : campaign.videoIds;
      campaign.tags = tags != null ? tags : campaign.tags;
      campaign.touched();
      return campaign;
    }));
  }

  @Override
  @Transactional(REQUIRES_NEW)
  public Optional<Campaign> remove(String clientId, String id) {
    return campaigns.findOwned(clientId, id).map(campaign -> {
      campaigns.delete(campaign);
      return campaign;
    });
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
