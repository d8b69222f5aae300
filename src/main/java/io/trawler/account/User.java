package io.trawler.account;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Optional;

/** A person or a service account: a unique user name, one role, a bcrypt password hash. */
@Entity
@Table(name = "app_user")
public class User extends PanacheEntityBase {

    @Id
    public String id;
    public String username;
    public String role;
    @Column(name = "password_hash")
    public String passwordHash;
    public boolean disabled;
    @Column(name = "created_at")
    public Instant createdAt;

    public Role roleEnum() {
        return Role.parse(role).orElseThrow();
    }

    public static Optional<User> byName(String username) {
        return find("username", username).firstResultOptional();
    }
}
