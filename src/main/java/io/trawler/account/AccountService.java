package io.trawler.account;

import io.quarkus.elytron.security.common.BcryptUtil;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.trawler.config.Ids;
import io.trawler.config.Secrets;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Users and their tokens: creation, password and token checks, revocation. Callers validate input first. */
@ApplicationScoped
public class AccountService {

    /** bcrypt cost: about 50 ms a check on a server core, slow enough against guessing, fast enough for a login. */
    static final int BCRYPT_COST = 10;
    /** Last-used times are written at most this often per token, so that API calls do not each write a row. */
    static final Duration LAST_USED_RESOLUTION = Duration.ofMinutes(1);

    /** Who a valid credential belongs to. */
    public record Account(String userId, String username, Role role) {
    }

    /** A token as issued: the secret is in {@code token} and is never shown again. */
    public record IssuedToken(ApiToken stored, String token) {
    }

    public User createUser(String username, String password, Role role) {
        User u = new User();
        u.id = Ids.newId();
        u.username = username;
        u.role = role.apiName();
        u.passwordHash = BcryptUtil.bcryptHash(password, BCRYPT_COST);
        u.createdAt = Instant.now();
        u.persist();
        return u;
    }

    public void setPassword(User user, String password) {
        user.passwordHash = BcryptUtil.bcryptHash(password, BCRYPT_COST);
    }

    public IssuedToken issueToken(User user, String name) {
        String secret = Secrets.newToken();
        return new IssuedToken(storeToken(user, name, secret), secret);
    }

    /** Stores a token whose secret the caller already has (the bootstrap token of an older installation). */
    public ApiToken storeToken(User user, String name, String secret) {
        ApiToken t = new ApiToken();
        t.id = Ids.newId();
        t.userId = user.id;
        t.name = name;
        t.tokenHash = Secrets.sha256(secret);
        t.prefix = secret.substring(0, Math.min(secret.length(), secret.startsWith(Secrets.TOKEN_PREFIX) ? 10 : 6));
        t.createdAt = Instant.now();
        t.persist();
        return t;
    }

    /** The account of an active token of an enabled user; records the use. Runs its own transaction. */
    public Optional<Account> byToken(String secret) {
        String hash = Secrets.sha256(secret);
        return QuarkusTransaction.requiringNew().call(() -> {
            ApiToken t = ApiToken.<ApiToken>find("tokenHash", hash).firstResult();
            if (t == null || !t.active()) {
                return Optional.<Account>empty();
            }
            User u = User.findById(t.userId);
            if (u == null || u.disabled) {
                return Optional.<Account>empty();
            }
            Instant now = Instant.now();
            if (t.lastUsedAt == null || t.lastUsedAt.isBefore(now.minus(LAST_USED_RESOLUTION))) {
                t.lastUsedAt = now;
            }
            return Optional.of(new Account(u.id, u.username, u.roleEnum()));
        });
    }

    /**
     * A user's new password, set by the user: every browser session of theirs ends but the one of {@code keepSecret}
     * (the cookie the change came with; null when it came with a token).
     */
    public void changeOwnPassword(String userId, String password, String keepSecret) {
        String hash = BcryptUtil.bcryptHash(password, BCRYPT_COST);
        String keep = keepSecret == null || keepSecret.isEmpty() || keepSecret.length() > 100 ? "" : Secrets.sha256(keepSecret);
        QuarkusTransaction.requiringNew().run(() -> {
            User u = User.findById(userId);
            if (u == null) {
                throw new IllegalStateException("user " + userId + " is gone");
            }
            u.passwordHash = hash;
            BrowserSession.delete("userId = ?1 and id <> ?2", userId, keep);
        });
    }

    /** The account of a user name and password (bcrypt check; a missing user costs the same time). */
    public Optional<Account> byPassword(String username, String password) {
        User u = QuarkusTransaction.requiringNew().call(() -> User.byName(username).orElse(null));
        if (u == null) {
            BcryptUtil.matches(password, DUMMY_HASH);
            return Optional.empty();
        }
        if (!BcryptUtil.matches(password, u.passwordHash) || u.disabled) {
            return Optional.empty();
        }
        return Optional.of(new Account(u.id, u.username, u.roleEnum()));
    }

    private static final String DUMMY_HASH = BcryptUtil.bcryptHash(Secrets.random(12), BCRYPT_COST);

    /** A user with their API tokens (the tokens' hashes only). */
    public record UserTokens(User user, List<ApiToken> tokens) {
    }

    /** The user and their tokens, if the user exists. */
    @Transactional
    public Optional<UserTokens> withTokens(String userId) {
        return User.<User>findByIdOptional(userId).map(u -> new UserTokens(u, ApiToken.ofUser(u.id)));
    }

    /** Every user with their tokens, oldest account first. */
    @Transactional
    public List<UserTokens> allWithTokens() {
        return User.<User>list("order by createdAt").stream().map(u -> new UserTokens(u, ApiToken.ofUser(u.id))).toList();
    }
}
