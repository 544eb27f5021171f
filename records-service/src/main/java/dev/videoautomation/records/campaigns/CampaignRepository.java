package dev.videoautomation.records.campaigns;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.records.common.ListQuery;
import dev.videoautomation.records.common.OwnedRecordRepository;
import dev.videoautomation.records.common.RecordLists;

@ApplicationScoped
public class CampaignRepository implements OwnedRecordRepository<Campaign> {
  public List<Campaign> page(ListQuery query) {
    return RecordLists.rows(getEntityManager(), Campaign.class, "campaigns", query);
  }
}
