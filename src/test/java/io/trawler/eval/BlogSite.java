package io.trawler.eval;

import io.trawler.testsite.StaticSite;
import io.trawler.testsupport.SharedData;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;

/**
 * The real blog of {@code ../shared/data/sites} (a static site: posts under {@code /YYYY/MM/DD/slug/}, each linking to
 * its category, its tags, the archives and paginated listings) as a labelled site: a post's label is its own category
 * ({@code a.article-category-link}); listings, tags, archives and other pages carry none.
 */
public final class BlogSite implements LabelledSite {

    public static final String HOME = "http://blog.test/";
    private static final Pattern POST = Pattern.compile("\\d{4}/\\d{2}/\\d{2}/[^/]+/index\\.html");

    private final Path root;
    private final Map<String, String> labelOf = new HashMap<>();
    private final Map<String, Long> targets = new HashMap<>();

    private BlogSite(Path root) {
        this.root = root;
    }

    public static BlogSite load() {
        Path root = StaticSite.extract(SharedData.path("sites/dustinpfister.tar.gz"), Path.of("target/sites/dustinpfister"));
        BlogSite site = new BlogSite(root);
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                String rel = root.relativize(f).toString().replace('\\', '/');
                if (POST.matcher(rel).matches()) {
                    Element cat = Jsoup.parse(Files.readString(f, StandardCharsets.UTF_8)).selectFirst("a.article-category-link");
                    if (cat != null) {
                        String label = cat.attr("href").replaceAll("^/categories/|/$", "");
                        site.labelOf.put(HOME + rel.substring(0, rel.length() - "index.html".length()), label);
                        site.targets.merge(label, 1L, Long::sum);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return site;
    }

    /** The folder the blog was extracted to (to serve it as it is). */
    public Path root() {
        return root;
    }

    @Override
    public String home() {
        return HOME;
    }

    @Override
    public Optional<String> html(String url) {
        if (!inScope(url)) {
            return Optional.empty();
        }
        String path = url.substring(HOME.length());
        int cut = path.indexOf('?');
        path = java.net.URLDecoder.decode(cut < 0 ? path : path.substring(0, cut), StandardCharsets.UTF_8);
        Path file = root.resolve(path).normalize();
        if (!file.startsWith(root)) {
            return Optional.empty();
        }
        if (Files.isDirectory(file)) {
            file = file.resolve("index.html");
        }
        if (!file.getFileName().toString().endsWith(".html") || !Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    @Override
    public String label(String url) {
        return labelOf.get(url);
    }

    @Override
    public long targets(String label) {
        return targets.getOrDefault(label, 0L);
    }

    @Override
    public boolean inScope(String url) {
        return url.startsWith(HOME);
    }

    @Override
    public List<String> labels() {
        return targets.keySet().stream().sorted().toList();
    }

    /** Post counts by label, largest first. */
    public Map<String, Long> targetCounts() {
        return targets;
    }
}
