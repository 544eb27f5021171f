package dev.videoautomation.scrape.endpoints;

import dev.videoautomation.scrape.errors.ScrapeErrorSetup;

/** Text and examples shared by the scrape endpoints' OpenAPI documentation. */
public final class ScrapeDocs {
  static final String JSON = "application/json";
  static final String TAG = "Scrape";
  static final String TAG_DESCRIPTION = "Public data of four social platforms (shortvideo, photo, microblog, "
      + "videosite) and four ad libraries (social, search, professional, forum) through the server's scraping "
      + "provider: one POST per kind of data, each answered with the provider's JSON as it came. All 24 share the "
      + "daily `scrape` limit; error bodies carry `setup`.";
  /** The end of every scrape operation's description; {@link ScrapeOperationDocs} adds it, the resources do not. */
  static final String COMMON = " Costs one request of the shared `scrape` bucket, whatever `download_media` stages. "
      + "The answer is `{data}`: the data provider's JSON, untouched; with `download_media: true` every media file in "
      + "it is staged to the CDN and replaced by its CDN URL (a file that cannot be staged becomes null and is "
      + "listed in `meta.unstaged` with the reason).";

  static final String BAD_REQUEST = "{\"error\": \"invalid_request\", \"message\": \"Field 'handle' must not be "
      + "blank.\", \"field\": \"handle\", \"setup\": \"Fix the field named in 'field' and send the request again.\"}";
  static final String URL_REFUSED = "{\"error\": \"url_not_allowed\", \"message\": \"The address 127.0.0.1 is a "
      + "loopback address (127.0.0.0/8); only public internet addresses are accepted.\", \"reason\": \"loopback\", "
      + "\"field\": \"url\", \"address\": \"127.0.0.1\", \"setup\": \"Pass a public http(s) URL of the platform's "
      + "post.\"}";
  static final String NOT_FOUND = "{\"error\": \"not_found\", \"message\": \"The provider found nothing for this "
      + "request.\", \"setup\": \"Check the handle or URL (a public account or post of this platform) and try "
      + "again.\"}";
  /** A 415 on any JSON body; public because video import shows it too. */
  public static final String NOT_JSON = "{\"error\": \"unsupported_media_type\", \"message\": \"This "
      + "Content-Type is not accepted here; send application/json.\", \"setup\": \"" + "Send the body as JSON with Content-Type: application/json."
      + "\"}";
  static final String UPSTREAM = "{\"error\": \"provider_credits_exhausted\", \"message\": \"The server's account "
      + "at the scraping provider has run out of credits.\", \"upstreamStatus\": 402, \"setup\": \"Operator: top up "
      + "the ScrapeCreators account whose key is in SCRAPE_PROVIDER_API_KEY; retrying will not help until then.\"}";
  public static final String NOT_CONFIGURED = "{\"error\": \"provider_not_configured\", \"message\": \"The scraping "
      + "provider is not configured on this server.\", \"setup\": \"Operator: set SCRAPE_PROVIDER_API_KEY to a "
      + "ScrapeCreators API key (https://scrapecreators.com) and restart scrape-service.\"}";
  static final String TIMEOUT = "{\"error\": \"upstream_timeout\", \"message\": \"The scraping provider did not "
      + "answer within 45 s.\", \"setup\": \"Retry later.\"}";

  static final String STAGED = "{\"data\": {\"aweme_detail\": {\"aweme_id\": \"7430000000000000000\", \"video\": "
      + "{\"play_addr\": {\"url_list\": [\"https://cdn.example.com/m/med_4Yb2/file.mp4\"]}, \"cover\": {\"url_list\": "
      + "[null]}}}}, \"meta\": {\"staged\": 1, \"unstaged\": [{\"path\": \"$.data.aweme_detail.video.cover.url_list[0]"
      + "\", \"sourceUrl\": \"https://p16-sign.tiktokcdn.com/obj/cover.jpeg\", \"reason\": \"url_not_allowed\"}]}}";

  private ScrapeDocs() {
  }
}
