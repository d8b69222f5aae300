package io.trawler.account;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A logged-in browser: keyed by the SHA-256 of the cookie's secret, so the table holds nothing a browser could present. */
@Entity
@Table(name = "ui_session")
public class BrowserSession extends PanacheEntityBase {

    @Id
    public String id;
    @Column(name = "user_id")
    public String userId;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "last_seen_at")
    public Instant lastSeenAt;
}
