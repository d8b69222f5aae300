package io.trawler.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.trawler.order.Topic;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.Optional;

/** A site's saved focused-crawling topic, stored with its plan as JSON. Call inside a transaction. */
@ApplicationScoped
public class TopicService {

    private final ObjectMapper json;

    public TopicService(ObjectMapper json) {
        this.json = json;
    }

    public Optional<Topic> saved(String siteId) {
        SiteTopic t = SiteTopic.findById(siteId);
        return t == null ? Optional.empty() : Optional.of(read(t.topic));
    }

    public void save(String siteId, Topic topic) {
        SiteTopic t = SiteTopic.findById(siteId);
        if (t == null) {
            t = new SiteTopic();
            t.siteId = siteId;
        }
        t.topic = write(topic);
        t.updatedAt = Instant.now();
        t.persist();
    }

    public void delete(String siteId) {
        SiteTopic.deleteById(siteId);
    }

    private Topic read(String s) {
        try {
            return json.readValue(s, Topic.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored topic unreadable", e);
        }
    }

    private String write(Topic t) {
        try {
            return json.writeValueAsString(t);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
