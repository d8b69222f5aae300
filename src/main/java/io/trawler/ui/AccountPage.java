package io.trawler.ui;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.quarkus.security.Authenticated;
import io.trawler.account.AccountService;
import io.trawler.account.ApiToken;
import io.trawler.account.User;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/**
 * The signed-in user's own account, whatever their role: change the password (proving the current one) and issue,
 * copy and revoke their own API tokens. The changes go through the API ({@code PUT /api/v1/me/password},
 * {@code /api/v1/users/{id}/tokens}) from the page's script.
 */
@Path("/ui/account")
@Produces(MediaType.TEXT_HTML)
public class AccountPage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance account(User user, List<ApiToken> tokens);
    }

    private final UiRequest ui;

    private final AccountService accounts;

    public AccountPage(UiRequest ui, AccountService accounts) {
        this.ui = ui;
        this.accounts = accounts;
    }

    @GET
    @Authenticated
    public String account() {
        String userId = ui.getUserId();
        AccountService.UserTokens account = userId == null ? null : accounts.withTokens(userId).orElse(null);
        return Templates.account(account == null ? null : account.user(), account == null ? List.of() : account.tokens()).render();
    }
}
