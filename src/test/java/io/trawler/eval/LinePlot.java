package io.trawler.eval;

import java.util.Locale;
import java.util.Map;

/** An SVG line plot of the evaluation harnesses: one line per series, y against x, with a legend. */
final class LinePlot {

    static final String[] COLOURS = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#111111"};

    private LinePlot() {
    }

    /**
     * The plot; each series' values are spread evenly over x = 0 … {@code xMax}. Axis ticks every {@code xStep} and
     * {@code yStep}; y is drawn between {@code yMin} and {@code yMax}.
     */
    static String svg(String title, String xLabel, Map<String, double[]> series, double xMax, double xStep, double yMin, double yMax,
            double yStep) {
        int w = 680;
        int h = 420;
        int left = 60;
        int top = 30;
        int pw = 460;
        int ph = 330;
        StringBuilder s = new StringBuilder();
        s.append(String.format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">%n", w, h));
        s.append(String.format("<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", w, h));
        s.append(String.format("<text x=\"%d\" y=\"18\" font-size=\"14\">%s</text>%n", left, title));
        for (double y = yMin; y <= yMax + 1e-9; y += yStep) {
            int py = top + ph - (int) Math.round((y - yMin) / (yMax - yMin) * ph);
            s.append(String.format("<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>%n", left, py, left + pw, py));
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>%n", left - 6, py + 4, label(y)));
        }
        for (double x = 0; x <= xMax + 1e-9; x += xStep) {
            int px = left + (int) Math.round(x / xMax * pw);
            s.append(String.format("<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>%n", px, top, px, top + ph));
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", px, top + ph + 16, label(x)));
        }
        s.append(String.format("<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", left + pw / 2, h - 8, xLabel));
        int c = 0;
        for (Map.Entry<String, double[]> e : series.entrySet()) {
            double[] y = e.getValue();
            int n = Math.max(1, y.length - 1);
            int step = Math.max(1, n / 400);
            StringBuilder pts = new StringBuilder();
            for (int i = 0; i <= n; i += step) {
                pts.append(point(left, top, pw, ph, (double) i / n, (Math.min(yMax, Math.max(yMin, y[Math.min(i, y.length - 1)])) - yMin) / (yMax - yMin)));
            }
            pts.append(point(left, top, pw, ph, 1, (Math.min(yMax, Math.max(yMin, y[y.length - 1])) - yMin) / (yMax - yMin)));
            String colour = COLOURS[c % COLOURS.length];
            s.append(String.format("<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.6\" points=\"%s\"/>%n", colour, pts.toString().trim()));
            int ly = top + 14 + c * 18;
            s.append(String.format("<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"3\"/>%n", left + pw + 15, ly - 4,
                    left + pw + 35, ly - 4, colour));
            s.append(String.format("<text x=\"%d\" y=\"%d\">%s</text>%n", left + pw + 40, ly, e.getKey()));
            c++;
        }
        return s.append("</svg>\n").toString();
    }

    private static String point(int left, int top, int pw, int ph, double fx, double fy) {
        return String.format(Locale.ROOT, "%.1f,%.1f ", left + fx * pw, top + ph - fy * ph);
    }

    private static String label(double v) {
        return v == Math.rint(v) && Math.abs(v) >= 1 ? Long.toString(Math.round(v)) : String.format(Locale.ROOT, "%.1f", v);
    }
}
