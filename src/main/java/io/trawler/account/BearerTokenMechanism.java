package io.trawler.account;

import io.quarkus.security.credential.TokenCredential;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.security.identity.request.TokenAuthenticationRequest;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.quarkus.vertx.http.runtime.security.HttpCredentialTransport;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;

/**
 * {@code Authorization: Bearer <token>}: the token goes to {@link TokenIdentityProvider}. A request without the
 * header stays anonymous (endpoints that need a right then answer 401); a bad token fails authentication (401).
 * The challenge carries the JSON error body, like every other error.
 */
@ApplicationScoped
public class BearerTokenMechanism implements HttpAuthenticationMechanism {

    static final String MISSING = "{\"error\":\"unauthorized\",\"message\":\"missing Authorization: Bearer <token> header\",\"details\":[]}";
    static final String INVALID = "{\"error\":\"unauthorized\",\"message\":\"invalid or revoked token\",\"details\":[]}";

    @Override
    public Uni<SecurityIdentity> authenticate(RoutingContext context, IdentityProviderManager identityProviderManager) {
        String header = context.request().getHeader(HttpHeaders.AUTHORIZATION);
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return Uni.createFrom().optional(java.util.Optional.empty());
        }
        String token = header.substring(7).trim();
        return identityProviderManager.authenticate(new TokenAuthenticationRequest(new TokenCredential(token, "bearer")));
    }

    @Override
    public Uni<ChallengeData> getChallenge(RoutingContext context) {
        return Uni.createFrom().item(new ChallengeData(401, "WWW-Authenticate", "Bearer realm=\"trawler\""));
    }

    @Override
    public Uni<Boolean> sendChallenge(RoutingContext context) {
        if (!context.response().headWritten()) {
            context.response().setStatusCode(401).putHeader("WWW-Authenticate", "Bearer realm=\"trawler\"")
                    .putHeader("Content-Type", "application/json")
                    .end(context.request().getHeader(HttpHeaders.AUTHORIZATION) == null ? MISSING : INVALID);
        }
        return Uni.createFrom().item(true);
    }

    @Override
    public Set<Class<? extends AuthenticationRequest>> getCredentialTypes() {
        return Set.of(TokenAuthenticationRequest.class);
    }

    @Override
    public Uni<HttpCredentialTransport> getCredentialTransport(RoutingContext context) {
        return Uni.createFrom().item(new HttpCredentialTransport(HttpCredentialTransport.Type.AUTHORIZATION, "bearer"));
    }
}
