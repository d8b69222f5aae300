package io.trawler.account;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.trawler.config.Secrets;
import io.trawler.config.TrawlerConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;

/**
 * Browser sessions: a 256-bit random secret in an HttpOnly cookie, its hash in the database. A session ends at
 * logout, after {@code trawler.security.session-idle-timeout} without use, after
 * {@code trawler.security.session-max-age}, and when its user is disabled or deleted. Each session has its CSRF
 * token, derived from the secret: only a page the server rendered for that browser knows it.
 */
@ApplicationScoped
public class SessionService {

    /** Last-seen times are written at most this often, so that page views do not each write a row. */
    static final Duration TOUCH_RESOLUTION = Duration.ofMinutes(1);

    /** A valid session: who, and the CSRF token its forms and scripts must send back. */
    public record Session(AccountService.Account account, String csrfToken) {
    }

    private final Duration idle;
    private final Duration maxAge;

    public SessionService(TrawlerConfig config) {
        this.idle = config.security().sessionIdleTimeout();
        this.maxAge = config.security().sessionMaxAge();
    }

    /**
     * Opens a session for a user who just proved their password; the answer is the cookie's secret. The browser's
     * previous session (its cookie's secret, if any) ends, and expired sessions of everyone are deleted on the way.
     */
    public String open(AccountService.Account account, String previousSecret) {
        String secret = Secrets.random(32);
        close(previousSecret);
        QuarkusTransaction.requiringNew().run(() -> {
            Instant now = Instant.now();
            BrowserSession.delete("lastSeenAt < ?1 or createdAt < ?2", now.minus(idle), now.minus(maxAge));
            BrowserSession s = new BrowserSession();
            s.id = Secrets.sha256(secret);
            s.userId = account.userId();
            s.createdAt = Instant.now();
            s.lastSeenAt = s.createdAt;
            s.persist();
        });
        return secret;
    }

    /** The live session of a cookie's secret, if any; expired sessions are deleted on the way. */
    public Optional<Session> find(String secret) {
        if (secret == null || secret.isEmpty() || secret.length() > 100) {
            return Optional.empty();
        }
        String id = Secrets.sha256(secret);
        return QuarkusTransaction.requiringNew().call(() -> {
            BrowserSession s = BrowserSession.findById(id);
            if (s == null) {
                return Optional.<Session>empty();
            }
            Instant now = Instant.now();
            User u = User.findById(s.userId);
            if (u == null || u.disabled || s.lastSeenAt.plus(idle).isBefore(now) || s.createdAt.plus(maxAge).isBefore(now)) {
                s.delete();
                return Optional.<Session>empty();
            }
            if (s.lastSeenAt.isBefore(now.minus(TOUCH_RESOLUTION))) {
                s.lastSeenAt = now;
            }
            return Optional.of(new Session(new AccountService.Account(u.id, u.username, u.roleEnum()), csrfToken(secret)));
        });
    }

    /** Ends the session of a cookie's secret (logout). */
    public void close(String secret) {
        if (secret != null && !secret.isEmpty() && secret.length() <= 100) {
            String id = Secrets.sha256(secret);
            QuarkusTransaction.requiringNew().run(() -> BrowserSession.deleteById(id));
        }
    }

    /** How long the cookie should live: the absolute limit (the idle limit is checked on the server). */
    public Duration maxAge() {
        return maxAge;
    }

    /** The CSRF token of a session: a one-way function of its secret (the secret never leaves the cookie). */
    public static String csrfToken(String secret) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(("csrf:" + secret).getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(d);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Compares two tokens in constant time. */
    public static boolean sameToken(String expected, String given) {
        return expected != null && given != null
                && MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8), given.getBytes(StandardCharsets.UTF_8));
    }
}
