package io.trawler.eval;

import io.trawler.partition.LinkGraph;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A generated web of many sites for the ordering evaluation: site sizes follow a power law (the largest has
 * a few thousand pages, the smallest 20); each site is a home page, sections, articles and query-string
 * archive pages, linked as sites are (home → sections and top articles, section → its articles and archive,
 * article → related articles, its section and home). One article in ten also links to another site, to its
 * home page (70 %) or a page inside it, choosing bigger sites more often. Deterministic for a random seed.
 */
public final class GeneratedWeb {

    private GeneratedWeb() {
    }

    public static LinkGraph generate(int sites, long seed) {
        Random rnd = new Random(seed);
        List<String> urls = new ArrayList<>();
        List<int[]> edges = new ArrayList<>();
        int[] home = new int[sites];
        int[] first = new int[sites];
        int[] size = new int[sites];
        List<List<Integer>> articlesOf = new ArrayList<>();
        for (int s = 0; s < sites; s++) {
            size[s] = Math.max(20, (int) (3000 / Math.pow(s + 1, 1.1)));
            String base = "http://site" + s + ".test";
            first[s] = urls.size();
            home[s] = urls.size();
            urls.add(base + "/");
            int sections = Math.max(2, (int) Math.sqrt(size[s]) / 3);
            int[] sec = new int[sections];
            for (int j = 0; j < sections; j++) {
                sec[j] = urls.size();
                urls.add(base + "/s" + j + "/");
                edges.add(new int[] {home[s], sec[j]});
                edges.add(new int[] {sec[j], home[s]});
            }
            List<Integer> arts = new ArrayList<>();
            List<List<Integer>> bySection = new ArrayList<>();
            for (int j = 0; j < sections; j++) {
                bySection.add(new ArrayList<>());
            }
            int remaining = size[s] - 1 - sections;
            for (int k = 0; k < remaining; k++) {
                int j = rnd.nextInt(sections);
                int a = urls.size();
                boolean archive = rnd.nextDouble() < 0.15;
                urls.add(archive ? base + "/s" + j + "/archive/list.php?page=" + k + "&sort=date" : base + "/s" + j + "/" + (2000 + k % 20) + "/a" + k + ".html");
                edges.add(new int[] {sec[j], a});
                edges.add(new int[] {a, sec[j]});
                edges.add(new int[] {a, home[s]});
                bySection.get(j).add(a);
                arts.add(a);
            }
            for (int k = 0; k < Math.min(10, arts.size()); k++) {
                edges.add(new int[] {home[s], arts.get(rnd.nextInt(arts.size()))});
            }
            for (int j = 0; j < sections; j++) {
                List<Integer> in = bySection.get(j);
                for (int a : in) {
                    for (int r = 0; r < 3 && in.size() > 1; r++) {
                        edges.add(new int[] {a, in.get(rnd.nextInt(in.size()))});
                    }
                }
            }
            articlesOf.add(arts);
        }
        int total = 0;
        for (int s = 0; s < sites; s++) {
            total += size[s];
        }
        for (int s = 0; s < sites; s++) {
            for (int a : articlesOf.get(s)) {
                if (rnd.nextDouble() >= 0.1) {
                    continue;
                }
                int pick = rnd.nextInt(total);
                int t = 0;
                while (pick >= size[t]) {
                    pick -= size[t];
                    t++;
                }
                if (t == s) {
                    continue;
                }
                List<Integer> other = articlesOf.get(t);
                int target = rnd.nextDouble() < 0.7 || other.isEmpty() ? home[t] : other.get(rnd.nextInt(other.size()));
                edges.add(new int[] {a, target});
            }
        }
        int[] from = new int[edges.size()];
        int[] to = new int[edges.size()];
        for (int i = 0; i < edges.size(); i++) {
            from[i] = edges.get(i)[0];
            to[i] = edges.get(i)[1];
        }
        return LinkGraph.of(urls.toArray(String[]::new), from, to, edges.size(), home[0]);
    }
}
