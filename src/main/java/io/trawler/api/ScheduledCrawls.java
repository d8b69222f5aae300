package io.trawler.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.trawler.errors.ApiError;
import io.trawler.errors.ApiException;
import io.trawler.schedule.CrawlStarter;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.util.List;
import java.util.stream.Collectors;

/** Starts scheduled crawls as the API's start endpoint does ({@link CrawlLauncher}): a schedule's crawl is what that request would start. */
@ApplicationScoped
public class ScheduledCrawls implements CrawlStarter {

    private final CrawlLauncher launcher;
    private final ObjectMapper json;

    public ScheduledCrawls(CrawlLauncher launcher, ObjectMapper json) {
        this.launcher = launcher;
        this.json = json;
    }

    @Override
    public String start(String siteId, String crawlRequestJson) throws Refused {
        CrawlRequest request = parse(crawlRequestJson);
        try {
            return launcher.launch(siteId, request).id;
        } catch (ApiException e) {
            throw new Refused(message(e));
        }
    }

    private CrawlRequest parse(String crawlRequestJson) throws Refused {
        try {
            return json.readValue(crawlRequestJson, CrawlRequest.class);
        } catch (IOException e) {
            throw new Refused("the stored crawl settings cannot be read: " + e.getMessage());
        }
    }

    private static String message(ApiException e) {
        List<ApiError.Detail> details = e.body().details();
        return details == null || details.isEmpty() ? e.getMessage()
                : details.stream().map(d -> d.field() + ": " + d.message()).collect(Collectors.joining("; "));
    }
}
