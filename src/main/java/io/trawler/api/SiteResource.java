package io.trawler.api;

import io.trawler.account.Role;
import io.trawler.crawl.CrawlStorage;
import io.trawler.errors.ApiException;
import io.trawler.site.Site;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;

/** Sites: create, list, read, replace and delete (API.md, "Sites"); the work is {@link SiteCommands}'. */
@Path("/api/v1/sites")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class SiteResource {

    private final SiteCommands commands;
    private final CrawlStorage storage;

    public SiteResource(SiteCommands commands, CrawlStorage storage) {
        this.commands = commands;
        this.storage = storage;
    }

    @GET
    @Path("/{id}/storage")
    @jakarta.annotation.security.RolesAllowed(Role.Rights.READ)
    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "What the site's crawls store",
            description = "Each crawl (newest first) with its page records, stored records, revisit records and WARC bytes and"
                    + " files, and their sum.")
    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "200", description = "the site's storage")
    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "404", description = "no such site")
    public CrawlStorage.SiteStorage storage(@PathParam("id") String id) {
        find(id);
        return storage.ofSite(id);
    }

    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "201", description = "The site, created",
            content = @org.eclipse.microprofile.openapi.annotations.media.Content(mediaType = "application/json",
                    schema = @org.eclipse.microprofile.openapi.annotations.media.Schema(implementation = SiteView.class)))
    @POST
    @Transactional
    @jakarta.annotation.security.RolesAllowed(Role.Rights.EDIT)
    public Response create(SiteRequest request) {
        return Response.status(201).entity(SiteView.of(commands.create(request))).build();
    }

    @GET
    @jakarta.annotation.security.RolesAllowed(Role.Rights.READ)
    public List<SiteView> list() {
        return Site.<Site>listAll().stream().sorted((a, b) -> a.createdAt.compareTo(b.createdAt)).map(SiteView::of).toList();
    }

    @GET
    @Path("/{id}")
    @jakarta.annotation.security.RolesAllowed(Role.Rights.READ)
    public SiteView get(@PathParam("id") String id) {
        return SiteView.of(find(id));
    }

    @PUT
    @Path("/{id}")
    @Transactional
    @jakarta.annotation.security.RolesAllowed(Role.Rights.EDIT)
    public SiteView replace(@PathParam("id") String id, SiteRequest request) {
        return SiteView.of(commands.replace(find(id), request));
    }

    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "204", description = "Deleted")
    @DELETE
    @Path("/{id}")
    @Transactional
    @jakarta.annotation.security.RolesAllowed(Role.Rights.EDIT)
    public Response delete(@PathParam("id") String id) {
        commands.delete(find(id));
        return Response.noContent().build();
    }

    /** The site, or a 404 naming it (API and UI alike). */
    public static Site find(String id) {
        Site site = Site.findById(id);
        if (site == null) {
            throw ApiException.notFound("site", id);
        }
        return site;
    }

}
