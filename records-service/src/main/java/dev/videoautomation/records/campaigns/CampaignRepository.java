package dev.videoautomation.records.campaigns;

import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;

import dev.videoautomation.records.common.ListQuery;
import dev.videoautomation.records.common.RecordLists;

@ApplicationScoped
public class CampaignRepository implements PanacheRepositoryBase<Campaign, String> {

  public Optional<Campaign> findOwned(String clientId, String id) {
    return find("id = ?1 and clientId = ?2", id, clientId).firstResultOptional();
  }

  public List<Campaign> page(ListQuery query) {
    return RecordLists.rows(getEntityManager(), Campaign.class, "campaigns", query);
  }
}
