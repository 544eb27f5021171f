package dev.videoautomation.media.library;

import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;

@ApplicationScoped
public class MediaObjectRepository implements PanacheRepositoryBase<MediaObject, String> {

  public Optional<MediaObject> byStorageKey(String storageKey) {
    return find("storageKey", storageKey).firstResultOptional();
  }
}
