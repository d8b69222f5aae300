package io.trawler.revisit;

import io.quarkus.hibernate.orm.panache.Panache;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.trawler.config.Text;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

/** The last K main texts of pages that appeared in search results (table {@code page_version}). */
@ApplicationScoped
public class PageVersions {

    /** The latest stored version of a page, or null. */
    public String latest(String siteId, String url) {
        return QuarkusTransaction.requiringNew().call(() -> {
            @SuppressWarnings("unchecked")
            List<Object> rows = Panache.getEntityManager()
                    .createNativeQuery("SELECT text FROM page_version WHERE site_id = ?1 AND url = ?2 ORDER BY id DESC")
                    .setParameter(1, siteId).setParameter(2, url).setMaxResults(1).getResultList();
            return rows.isEmpty() ? null : text(rows.get(0));
        });
    }

    /** A TEXT column's value: a String, or a Clob (H2). */
    private static String text(Object value) {
        if (value instanceof java.sql.Clob clob) {
            try {
                return clob.getSubString(1, (int) clob.length());
            } catch (java.sql.SQLException e) {
                throw new IllegalStateException(e);
            }
        }
        return String.valueOf(value);
    }

    /** Adds a version and drops all but the {@code keep} latest. */
    public void add(String siteId, String url, long fetchedAt, String text, int keep) {
        QuarkusTransaction.requiringNew().run(() -> {
            var em = Panache.getEntityManager();
            em.createNativeQuery("INSERT INTO page_version (site_id, url, fetched_at, text) VALUES (?1, ?2, ?3, ?4)").setParameter(1, siteId)
                    .setParameter(2, url).setParameter(3, Timestamp.from(Instant.ofEpochMilli(fetchedAt))).setParameter(4, Text.storable(text)).executeUpdate();
            @SuppressWarnings("unchecked")
            List<Object> ids = em.createNativeQuery("SELECT id FROM page_version WHERE site_id = ?1 AND url = ?2 ORDER BY id DESC")
                    .setParameter(1, siteId).setParameter(2, url).getResultList();
            for (int i = keep; i < ids.size(); i++) {
                em.createNativeQuery("DELETE FROM page_version WHERE id = ?1").setParameter(1, ((Number) ids.get(i)).longValue()).executeUpdate();
            }
        });
    }

    /** Versions kept of a page. */
    public int count(String siteId, String url) {
        return QuarkusTransaction.requiringNew().call(() -> ((Number) Panache.getEntityManager()
                .createNativeQuery("SELECT COUNT(*) FROM page_version WHERE site_id = ?1 AND url = ?2").setParameter(1, siteId)
                .setParameter(2, url).getSingleResult()).intValue());
    }
}
