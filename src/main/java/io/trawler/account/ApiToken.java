package io.trawler.account;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.List;

/** An API token of a user: only the SHA-256 of the secret is kept, with a short prefix to recognise it by. */
@Entity
@Table(name = "api_token")
public class ApiToken extends PanacheEntityBase {

    @Id
    public String id;
    @Column(name = "user_id")
    public String userId;
    public String name;
    @Column(name = "token_hash")
    public String tokenHash;
    public String prefix;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "last_used_at")
    public Instant lastUsedAt;
    @Column(name = "revoked_at")
    public Instant revokedAt;

    public boolean active() {
        return revokedAt == null;
    }

    public static List<ApiToken> ofUser(String userId) {
        return list("userId = ?1 order by createdAt", userId);
    }
}
