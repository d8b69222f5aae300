package io.trawler.ui;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.quarkus.security.Authenticated;
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

    public AccountPage(UiRequest ui) {
        this.ui = ui;
    }

    @GET
    @Authenticated
    public String account() {
        String userId = ui.getUserId();
        return QuarkusTransaction.requiringNew().call(() -> {
            User user = userId == null ? null : User.findById(userId);
            return Templates.account(user, user == null ? List.of() : ApiToken.ofUser(user.id)).render();
        });
    }
}
