package io.trawler.crawl;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where a page record's content is stored: its own record, or for a revisit record (written instead of a response when
 * the payload was the one stored before, or the server answered 304) the record it refers to, in whichever crawl of the
 * site stored it. Record view, replay, search and exports read content through it.
 */
@ApplicationScoped
public class PageContent {

    /** The record holding the page's content: the page itself, or the original a revisit refers to (empty: not found). */
    @Transactional
    public Optional<Page> source(Page p) {
        if (p.revisit == null) {
            return Optional.of(p);
        }
        return Optional.ofNullable(original(p));
    }

    /** The originals of the revisit records among {@code pages}, by the revisit's id (pages that are no revisit are left out). */
    @Transactional
    public Map<Long, Page> originals(Collection<Page> pages) {
        Map<String, List<Page>> byRecord = new HashMap<>();
        List<Page> unknown = new ArrayList<>();
        for (Page p : pages) {
            if (p.revisit != null) {
                if (p.refersTo != null) {
                    byRecord.computeIfAbsent(p.refersTo, k -> new ArrayList<>()).add(p);
                } else {
                    unknown.add(p);
                }
            }
        }
        Map<Long, Page> out = new HashMap<>();
        List<String> ids = new ArrayList<>(byRecord.keySet());
        for (int i = 0; i < ids.size(); i += 500) {
            List<Page> found = Page.list("recordId in ?1 and revisit is null", ids.subList(i, Math.min(ids.size(), i + 500)));
            for (Page o : found) {
                byRecord.getOrDefault(o.recordId, List.of()).forEach(r -> out.put(r.id, o));
            }
        }
        for (Page p : pages) {
            if (p.revisit != null && p.contentFile != null && p.contentOffset != null) {
                out.put(p.id, kept(p));
            }
        }
        for (Page p : unknown) {
            Page o = original(p);
            if (o != null) {
                out.put(p.id, o);
            }
        }
        return out;
    }

    /**
     * The content of a revisit whose original's crawl was deleted, where its file was kept: a record not in the database
     * (no id, no crawl), with the page's URL and the kept record's place.
     */
    private static Page kept(Page p) {
        Page o = new Page();
        o.url = p.url;
        o.status = 200;
        o.digest = p.digest;
        o.contentType = p.contentType;
        o.warcFile = p.contentFile;
        o.warcOffset = p.contentOffset;
        o.recordId = p.refersTo;
        return o;
    }

    /**
     * The response a revisit refers to: by its record id, else (a revisit whose original's id was not known) the site's
     * latest response of the same URL with the same payload digest.
     */
    private static Page original(Page p) {
        if (p.contentFile != null && p.contentOffset != null) {
            return kept(p);
        }
        if (p.refersTo != null) {
            Optional<Page> byId = Page.find("recordId = ?1 and revisit is null", p.refersTo).firstResultOptional();
            if (byId.isPresent()) {
                return byId.get();
            }
        }
        if (p.digest == null) {
            return null;
        }
        return Page.<Page>find("url = ?1 and digest = ?2 and revisit is null and warcFile is not null and crawlId in "
                + "(select c.id from Crawl c where c.siteId = (select d.siteId from Crawl d where d.id = ?3)) order by fetchedAt desc",
                p.url, p.digest, p.crawlId).firstResultOptional().orElse(null);
    }
}
