package io.trawler.account;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.TokenAuthenticationRequest;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;
import io.trawler.config.TrawlerConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;

/**
 * Turns an API token into an identity with its user's rights: a token of the database, or the static admin token
 * {@code trawler.security.admin-token} when one is configured (automation and tests). The database lookup runs off
 * the event loop.
 */
@ApplicationScoped
public class TokenIdentityProvider implements IdentityProvider<TokenAuthenticationRequest> {

    /** Identity attribute holding the user id ("" for the configured admin token). */
    public static final String USER_ID = "trawler.userId";
    /** Identity attribute holding the {@link Role}. */
    public static final String ROLE = "trawler.role";

    private final AccountService accounts;
    private final Optional<byte[]> staticAdminToken;

    public TokenIdentityProvider(AccountService accounts, TrawlerConfig config) {
        this.accounts = accounts;
        this.staticAdminToken = config.security().adminToken().filter(t -> !t.isBlank()).map(t -> t.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public Class<TokenAuthenticationRequest> getRequestType() {
        return TokenAuthenticationRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(TokenAuthenticationRequest request, AuthenticationRequestContext context) {
        String token = request.getToken().getToken();
        if (staticAdminToken.isPresent() && MessageDigest.isEqual(staticAdminToken.get(), token.getBytes(StandardCharsets.UTF_8))) {
            return Uni.createFrom().item(identity(new AccountService.Account("", "admin-token", Role.ADMIN)));
        }
        if (token.isEmpty() || token.length() > 200) {
            return Uni.createFrom().failure(new AuthenticationFailedException("invalid token"));
        }
        return context.runBlocking(() -> accounts.byToken(token).map(TokenIdentityProvider::identity)
                .orElseThrow(() -> new AuthenticationFailedException("invalid or revoked token")));
    }

    /** The identity of an account: its user name, and the rights of its role as security roles. */
    public static SecurityIdentity identity(AccountService.Account a) {
        return QuarkusSecurityIdentity.builder().setPrincipal(new QuarkusPrincipal(a.username())).addRoles(a.role().rights())
                .addAttribute(USER_ID, a.userId()).addAttribute(ROLE, a.role()).build();
    }
}
