package dev.videoautomation.scrape.staging;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

/** Which strings of a provider answer are media files. */
class MediaUrlsTest {
  private static MediaUrls.Kind classify(String url, String... keys) {
    return MediaUrls.classify(url, List.of(keys));
  }

  @Test
  void shouldRecogniseFilesByExtension() {
    assertThat(classify("https://cdn.example.net/a/b/clip.MP4?sig=1", "whatever")).isEqualTo(MediaUrls.Kind.FILE);
    assertThat(classify("https://cdn.example.net/a/photo.jpeg", "text")).isEqualTo(MediaUrls.Kind.FILE);
    assertThat(classify("https://cdn.example.net/a/track.m4a")).isEqualTo(MediaUrls.Kind.FILE);
  }

  @Test
  void shouldRecognisePlaylistsApart() {
    assertThat(classify("https://video.example.net/pl/playlist.m3u8?tag=12", "variants", "url"))
        .isEqualTo(MediaUrls.Kind.PLAYLIST);
    assertThat(classify("https://v.redd.example/DASHPlaylist.mpd", "dash_url")).isEqualTo(MediaUrls.Kind.PLAYLIST);
  }

  @Test
  void shouldRecogniseFilesWithoutExtensionByWhereTheySit() {
    assertThat(classify("https://p16.example.net/obj/abc", "video", "play_addr", "url_list"))
        .isEqualTo(MediaUrls.Kind.FILE);
    assertThat(classify("https://p16.example.net/obj/abc", "user", "avatarLarger")).isEqualTo(MediaUrls.Kind.FILE);
    assertThat(classify("https://yt3.example.net/ytc/abc=s88-c-k", "avatar", "image", "sources", "url"))
        .isEqualTo(MediaUrls.Kind.FILE);
    assertThat(classify("https://scontent.example.net/v/x", "image_versions2", "candidates", "url"))
        .isEqualTo(MediaUrls.Kind.FILE);
    assertThat(classify("https://pbs.example.net/profile_banners/1/2", "legacy", "profile_banner_url"))
        .isEqualTo(MediaUrls.Kind.FILE);
    assertThat(classify("https://fbcdn.example.net/v/sd", "snapshot", "videos", "video_sd_url"))
        .isEqualTo(MediaUrls.Kind.FILE);
  }

  @Test
  void shouldLeaveLinksAndPagesAlone() {
    assertThat(classify("https://t.co/xyz", "extended_entities", "media", "url")).isNull();
    assertThat(classify("https://www.youtube.com/watch?v=dQw4w9WgXcQ", "videos", "url")).isNull();
    assertThat(classify("https://www.tiktok.com/@a/video/1", "share_url")).isNull();
    assertThat(classify("https://brand.example/shoes", "snapshot", "link_url")).isNull();
    assertThat(classify("https://brand.example/", "entities", "urls", "expanded_url")).isNull();
    assertThat(classify("https://api.example.net/next?page=2", "next")).isNull();
    assertThat(classify("ftp://files.example.net/a.mp4", "video_url")).isNull();
    assertThat(classify("not a url", "video_url")).isNull();
    assertThat(classify("https://www.instagram.com/p/Cx1/", "video_url")).isNull();
  }

  @Test
  void shouldReportPathsAndMirrorGroups() throws Exception {
    var json = new ObjectMapper().readTree("{\"video\": {\"cover\": {\"url_list\": [\"https://a.example/c1\", "
        + "\"https://b.example/c1\"]}, \"weird key\": \"https://a.example/x.png\"}}");

    var found = MediaUrls.find(json, "$.data");

    assertThat(found).extracting(MediaUrls.Found::path).containsExactly("$.data.video.cover.url_list[0]",
        "$.data.video.cover.url_list[1]", "$.data.video['weird key']");
    assertThat(found.get(0).mirrors()).isEqualTo("$.data.video.cover.url_list").isEqualTo(found.get(1).mirrors());
    assertThat(found.get(2).mirrors()).isNull();
  }
}
