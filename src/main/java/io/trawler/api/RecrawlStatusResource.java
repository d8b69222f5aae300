package io.trawler.api;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.trawler.account.Role;
import io.trawler.errors.ApiException;
import io.trawler.revisit.Recrawl;
import io.trawler.revisit.RecrawlService;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** Progress of a recrawl request: how many of its URLs have been fetched since it was made. */
@Path("/api/v1/recrawls")
@Produces(MediaType.APPLICATION_JSON)
public class RecrawlStatusResource {

    private final RecrawlService recrawls;

    public RecrawlStatusResource(RecrawlService recrawls) {
        this.recrawls = recrawls;
    }

    @GET
    @Path("/{id}")
    @jakarta.annotation.security.RolesAllowed(Role.Rights.READ)
    public RecrawlView get(@PathParam("id") String id) {
        Recrawl r = QuarkusTransaction.requiringNew().call(() -> {
            Recrawl found = Recrawl.findById(id);
            if (found == null) {
                throw ApiException.notFound("recrawl", id);
            }
            return found;
        });
        return RecrawlView.of(r, recrawls.fetched(r), null);
    }
}
