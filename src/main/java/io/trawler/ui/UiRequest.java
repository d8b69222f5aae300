package io.trawler.ui;

import io.quarkus.security.ForbiddenException;
import io.quarkus.security.identity.SecurityIdentity;
import io.trawler.account.Role;
import io.trawler.account.SessionCookieMechanism;
import io.trawler.account.SessionService;
import io.trawler.account.TokenIdentityProvider;
import io.trawler.api.SessionCsrfFilter;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Named;
import jakarta.ws.rs.core.MultivaluedMap;

/**
 * Who is looking at a page and what they may do, for templates ({@code {inject:ui.canEdit}}) and resources; the
 * session's CSRF token that every form sends back.
 */
@RequestScoped
@Named("ui")
public class UiRequest {

    private final SecurityIdentity injected;
    /** The identity once resolved (a page asks for it a dozen times). */
    private SecurityIdentity resolved;

    public UiRequest(SecurityIdentity identity) {
        this.injected = identity;
    }

    /**
     * The caller, or anonymous where it cannot be resolved without blocking: an error page rendered on the event
     * loop (a routing 404, say) shows the logged-out layout rather than fail.
     */
    private SecurityIdentity identity() {
        if (resolved == null) {
            try {
                injected.isAnonymous();
                resolved = injected;
            } catch (io.quarkus.runtime.BlockingOperationNotAllowedException e) {
                resolved = io.quarkus.security.runtime.QuarkusSecurityIdentity.builder().setAnonymous(true).build();
            }
        }
        return resolved;
    }

    public boolean isLoggedIn() {
        return !identity().isAnonymous();
    }

    public String getUsername() {
        return identity().isAnonymous() ? "" : identity().getPrincipal().getName();
    }

    public String getRole() {
        Object r = identity().getAttribute(TokenIdentityProvider.ROLE);
        return r instanceof Role role ? role.apiName() : "";
    }

    public String getUserId() {
        Object id = identity().getAttribute(TokenIdentityProvider.USER_ID);
        return id == null ? "" : id.toString();
    }

    /** Sites, plans, topics, refresh plans, crawls. */
    public boolean isCanEdit() {
        return identity().hasRole(Role.Rights.EDIT);
    }

    /** Recrawl requests. */
    public boolean isCanRecrawl() {
        return identity().hasRole(Role.Rights.RECRAWL);
    }

    /** Users and tokens. */
    public boolean isCanAdmin() {
        return identity().hasRole(Role.Rights.ADMIN);
    }

    /** The session's CSRF token ("" without a session). */
    public String getCsrf() {
        Object t = identity().getAttribute(SessionCookieMechanism.CSRF);
        return t == null ? "" : t.toString();
    }

    /** Refuses a form that does not carry the session's CSRF token (403). */
    public void verifyCsrf(MultivaluedMap<String, String> form) {
        if (getCsrf().isEmpty()) {
            return;   // not a browser session (an API token): nothing a browser could forge
        }
        String given = form == null ? null : form.getFirst(SessionCsrfFilter.FIELD);
        if (!SessionService.sameToken(getCsrf(), given)) {
            throw new ForbiddenException("the form is stale or was not sent by this site: reload the page and try again");
        }
    }
}
